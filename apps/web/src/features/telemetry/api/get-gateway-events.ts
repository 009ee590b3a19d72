import { type GatewayEvents, gatewayEvents } from '@portal/contract';
import type { TimeRange } from '../intervals.ts';
import { getGraphData, rangePath } from './graph-request.ts';

/** GET /api/device/events/macId/{m}/fromTime/{f}/toTime/{t}: events and alerts for the side panels. */
export function getGatewayEvents(
  macId: string,
  range: TimeRange,
  signal: AbortSignal,
): Promise<GatewayEvents> {
  return getGraphData(`/api/device/events/${rangePath(macId, range)}`, gatewayEvents, signal);
}
