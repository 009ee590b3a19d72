import { GATEWAY_LIST_FIRST_PAGE, type GatewaySummary, gatewayList } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** Every cached gateway list starts with this key, whatever its scope (live updates write them all). */
export const GATEWAY_LISTS_KEY = ['gateways', 'list'] as const;

export const gatewayListQueryKey = (scopeId: string) => [...GATEWAY_LISTS_KEY, scopeId] as const;
const firstPageQueryKey = (scopeId: string) => [...GATEWAY_LISTS_KEY, scopeId, 'first'] as const;

/** GET /api/gateway/get-gateways: the gateways of the scope and of every customer below it (`limit`: the first ones by name). */
export function getGateways(
  scopeId: string,
  signal?: AbortSignal,
  limit?: number,
): Promise<GatewaySummary[]> {
  const query = new URLSearchParams({ scopeId, ...(limit ? { limit: String(limit) } : {}) });
  return apiRequest(`/api/gateway/get-gateways?${query}`, { schema: gatewayList, signal });
}

/** Kept fresh by live updates (see use-live-gateway-updates.ts), so it is not polled. */
export const gatewayListQueryOptions = (scopeId: string) =>
  queryOptions({
    queryKey: gatewayListQueryKey(scopeId),
    queryFn: ({ signal }) => getGateways(scopeId, signal),
    enabled: scopeId !== '',
  });

export function useGateways(scopeId: string) {
  return useQuery(gatewayListQueryOptions(scopeId));
}

/**
 * The whole list, and before it its first page: in a fleet of thousands the first cards show as soon as the
 * first page arrives; the whole list (which search, filters and delete mode work on) is asked for after it,
 * so that the small call does not queue behind the large one. A cached whole list is used at once.
 */
export function useGatewaysFirstPageFirst(scopeId: string) {
  const queryClient = useQueryClient();
  const cachedAll = queryClient.getQueryData(gatewayListQueryKey(scopeId)) !== undefined;
  const firstPage = useQuery({
    queryKey: firstPageQueryKey(scopeId),
    queryFn: ({ signal }) => getGateways(scopeId, signal, GATEWAY_LIST_FIRST_PAGE),
    enabled: scopeId !== '' && !cachedAll,
  });
  const all = useQuery({
    ...gatewayListQueryOptions(scopeId),
    enabled: scopeId !== '' && (cachedAll || firstPage.status !== 'pending'),
  });
  return {
    data: all.data ?? firstPage.data,
    /** Whether the whole list is still loading. */
    isLoadingAll: all.data === undefined && !all.isError,
    error: all.error ?? firstPage.error,
  };
}
