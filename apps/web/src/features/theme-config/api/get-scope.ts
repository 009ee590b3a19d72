import { type Scope, scope } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/scope/{id}: one customer (HIERARCHY_READ, a permission every user holds). */
export function getScope(id: string, signal?: AbortSignal): Promise<Scope> {
  return apiRequest(`/api/scope/${encodeURIComponent(id)}`, { schema: scope, signal });
}

export const scopeQueryKey = (id: string) => ['scope', id] as const;

/** Kept current by the scopes channel (the shell writes pushed changes of the viewed tenant here). */
export const scopeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scopeQueryKey(id),
    queryFn: ({ signal }) => getScope(id, signal),
    enabled: id !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useScope(id: string, enabled = true) {
  const options = scopeQueryOptions(id);
  return useQuery({ ...options, enabled: enabled && id !== '' });
}
