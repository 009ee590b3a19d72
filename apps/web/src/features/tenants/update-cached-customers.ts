import { type CustomersPage, customersQuery, type Scope } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { scopeKey } from '../../api/get-scope.ts';
import { CUSTOMER_LISTS_KEY } from './api/get-customers.ts';
import { applyScopesMessage, applyScopesMessageToScope } from './customers-cache.ts';

/**
 * Applies a scopes-channel message (or one shaped like it, after our own call) to every cached customers page,
 * writing only the pages that change, and to the cached scope it names; when a page asks for it, the lists are
 * fetched again.
 */
export function applyToCachedCustomers(queryClient: QueryClient, message: unknown): void {
  let refetch = false;
  for (const [key, page] of queryClient.getQueriesData<CustomersPage>({ queryKey: CUSTOMER_LISTS_KEY })) {
    const params = customersQuery.safeParse(key[2]);
    if (!page || !params.success) continue;
    const next = applyScopesMessage(page, params.data, message);
    if (next.page !== page) queryClient.setQueryData(key, next.page);
    if (next.refetch) refetch = true;
  }
  if (refetch) void queryClient.invalidateQueries({ queryKey: CUSTOMER_LISTS_KEY });

  const named = namedScopeId(message);
  if (named) {
    queryClient.setQueryData<Scope>(scopeKey(named), (scope) =>
      scope ? applyScopesMessageToScope(scope, message) : scope,
    );
  }
}

function namedScopeId(message: unknown): string | null {
  if (typeof message !== 'object' || message === null || !('scope' in message)) return null;
  const { scope } = message as { scope: unknown };
  return typeof scope === 'object' && scope !== null && 'id' in scope && typeof scope.id === 'string'
    ? scope.id
    : null;
}
