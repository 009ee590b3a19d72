import { type FirmwareKind, type RolloutView, rolloutsResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const rolloutsKey = (kind: FirmwareKind, scopeId: string) =>
  ['firmware', kind, 'rollouts', scopeId] as const;

/** GET /api/firmware-rollouts?scopeId=&kind=: the customer's rollouts of the kind, newest first, with counters. */
export function getRollouts(
  kind: FirmwareKind,
  scopeId: string,
  signal?: AbortSignal,
): Promise<RolloutView[]> {
  return apiRequest(`/api/firmware-rollouts?${new URLSearchParams({ scopeId, kind })}`, {
    schema: rolloutsResponse,
    signal,
  });
}

export const rolloutsQueryOptions = (kind: FirmwareKind, scopeId: string) =>
  queryOptions({
    queryKey: rolloutsKey(kind, scopeId),
    queryFn: ({ signal }) => getRollouts(kind, scopeId, signal),
    enabled: scopeId !== '',
  });

export function useRollouts(kind: FirmwareKind, scopeId: string) {
  return useQuery(rolloutsQueryOptions(kind, scopeId));
}
