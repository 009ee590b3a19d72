import { type CustomersPage, customersPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { type CustomerListParams, customersSearchParams } from '../customers-list.ts';

/** Every cached page of the customers list starts with this key; the list's parameters follow. */
export const CUSTOMER_LISTS_KEY = ['customers', 'list'] as const;

/** GET /api/customers: one page of the customers, searched and sorted by the server. */
export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<CustomersPage> {
  return apiRequest(`/api/customers?${customersSearchParams(params)}`, { schema: customersPage, signal });
}

/** Kept fresh by live updates (use-live-customers.ts); the previous page stays shown while the next loads. */
export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: [...CUSTOMER_LISTS_KEY, params] as const,
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
