import { type CustomerQuotaUse, customerQuotaUseList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** Every cached set of quotas starts with this key (a save refreshes them all). */
export const CUSTOMER_QUOTAS_KEY = ['customers', 'quotas'] as const;

/** GET /api/customers/quotas?ids=: the quotas of these customers and their use (root only). */
export function getCustomerQuotas(ids: readonly string[], signal?: AbortSignal): Promise<CustomerQuotaUse[]> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return apiRequest(`/api/customers/quotas?${query}`, { schema: customerQuotaUseList, signal });
}

export const customerQuotasQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [...CUSTOMER_QUOTAS_KEY, ids] as const,
    queryFn: ({ signal }) => getCustomerQuotas(ids, signal),
    select: (list) => new Map(list.map((entry) => [entry.tenantId, entry])),
  });

/** The quotas of the customers on the page, by id; only for root (`enabled`), who alone may read them. */
export function useCustomerQuotas(ids: readonly string[], enabled: boolean) {
  return useQuery({ ...customerQuotasQueryOptions(ids), enabled: enabled && ids.length > 0 });
}
