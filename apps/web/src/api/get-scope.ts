import { type Scope, scope } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';

export const scopeKey = (id: string) => ['tenants', 'scope', id] as const;

/** GET /api/scope/{id}: one customer (HIERARCHY_READ, a permission every user holds). */
export function getScope(id: string, signal?: AbortSignal): Promise<Scope> {
  return apiRequest(`/api/scope/${encodeURIComponent(id)}`, { schema: scope, signal });
}

/**
 * Kept fresh by the scopes channel: the customers list's (use-live-customers.ts) and the viewed tenant's (the
 * shell's use-live-tenant.ts) both write pushed changes here.
 */
export const scopeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scopeKey(id),
    queryFn: ({ signal }) => getScope(id, signal),
    enabled: id !== '',
  });

export function useScope(id: string) {
  return useQuery(scopeQueryOptions(id));
}
