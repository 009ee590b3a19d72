import { type Scope, scope } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const scopeKey = (id: string) => ['tenants', 'scope', id] as const;

/** GET /api/scope/{id}. */
export function getScope(id: string, signal?: AbortSignal): Promise<Scope> {
  return apiRequest(`/api/scope/${encodeURIComponent(id)}`, { schema: scope, signal });
}

/** Kept fresh by the scopes channel (use-live-customers.ts). */
export const scopeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scopeKey(id),
    queryFn: ({ signal }) => getScope(id, signal),
    enabled: id !== '',
  });

export function useScope(id: string) {
  return useQuery(scopeQueryOptions(id));
}
