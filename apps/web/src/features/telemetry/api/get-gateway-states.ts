import { type gatewayStateSample, gatewayStateSamples } from '@portal/contract';
import type { z } from 'zod';
import type { TimeRange } from '../intervals.ts';
import { getGraphData, rangePath } from './graph-request.ts';

export type GatewayStateSample = z.infer<typeof gatewayStateSample>;

/** GET /api/device/states/macId/{m}/fromTime/{f}/toTime/{t}: the OFF flags behind the grey offline areas. */
export function getGatewayStates(
  macId: string,
  range: TimeRange,
  signal: AbortSignal,
): Promise<GatewayStateSample[]> {
  return getGraphData(`/api/device/states/${rangePath(macId, range)}`, gatewayStateSamples, signal);
}
