import { type CustomersPage, customersPage, type Scope } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getScope } from '../../../api/get-scope.ts';
import { apiRequest } from '../../../lib/api.ts';
import { pageCount, sortCustomersByName, type ThemeCustomerSource } from '../theme-form.ts';

/** The largest page the customers call gives. */
const PAGE_SIZE = 100;

/** GET /api/customers?search=&pageSize=100&sortBy=name: one page of every customer, by name. */
function getCustomersPage(page: number, signal?: AbortSignal): Promise<CustomersPage> {
  const query = new URLSearchParams({
    search: '',
    page: String(page),
    pageSize: String(PAGE_SIZE),
    sortBy: 'name',
    sortOrder: 'asc',
  });
  return apiRequest(`/api/customers?${query}`, { schema: customersPage, signal });
}

/** Every customer, page after page. */
async function getAllCustomers(signal?: AbortSignal): Promise<Scope[]> {
  const first = await getCustomersPage(0, signal);
  const rest = await Promise.all(
    Array.from({ length: pageCount(first.total, PAGE_SIZE) - 1 }, (_, index) =>
      getCustomersPage(index + 1, signal),
    ),
  );
  return [first, ...rest].flatMap((page) => page.customers);
}

/** The customers the Theme Configuration dropdown offers, sorted by name. */
export async function getThemeCustomers(
  source: ThemeCustomerSource,
  ownScopeId: string,
  signal?: AbortSignal,
): Promise<Scope[]> {
  const customers = source === 'all' ? await getAllCustomers(signal) : [await getScope(ownScopeId, signal)];
  return sortCustomersByName(customers);
}

export const themeCustomersQueryKey = (source: ThemeCustomerSource, ownScopeId: string) =>
  ['themeConfig', 'customers', source, ownScopeId] as const;

export const themeCustomersQueryOptions = (source: ThemeCustomerSource, ownScopeId: string) =>
  queryOptions({
    queryKey: themeCustomersQueryKey(source, ownScopeId),
    queryFn: ({ signal }) => getThemeCustomers(source, ownScopeId, signal),
    enabled: source === 'all' || ownScopeId !== '',
  });

export function useThemeCustomers(source: ThemeCustomerSource, ownScopeId: string) {
  return useQuery(themeCustomersQueryOptions(source, ownScopeId));
}
