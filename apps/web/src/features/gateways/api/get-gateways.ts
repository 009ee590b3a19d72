import { type GatewaySummary, gatewayList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** Every cached gateway list starts with this key, whatever its scope. */
export const GATEWAY_LISTS_KEY = ['gateways', 'list'] as const;

export const gatewayListQueryKey = (scopeId: string) => [...GATEWAY_LISTS_KEY, scopeId] as const;

/** GET /api/gateway/get-gateways: the gateways of the scope and of every customer below it. */
export function getGateways(scopeId: string, signal?: AbortSignal): Promise<GatewaySummary[]> {
  return apiRequest(`/api/gateway/get-gateways?scopeId=${encodeURIComponent(scopeId)}`, {
    schema: gatewayList,
    signal,
  });
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
