/** The two views of the gateways page and their routes (spec 001 section 2); grid is the default. */
export type GatewayView = 'grid' | 'list';

export const GATEWAY_VIEW_PATHS: Record<GatewayView, string> = {
  grid: '/cli/gateways/grid_view',
  list: '/cli/gateways/list_view',
};

/** /cli/gateways/list_view shows the list; /cli/gateways and /cli/gateways/grid_view the grid. */
export function gatewayViewOf(pathname: string): GatewayView {
  return pathname.endsWith('/list_view') ? 'list' : 'grid';
}
