import { type HierarchyNode, hierarchyNode } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import { type CustomerOption, customerOptions } from '../customer-options.ts';

export const HIERARCHY_KEY = ['tenants', 'hierarchy'] as const;

/** GET /api/hirarchy: the caller's own customer and everything below it (root: the whole tree). */
export function getHierarchy(signal?: AbortSignal): Promise<HierarchyNode> {
  return apiRequest('/api/hirarchy', { schema: hierarchyNode, signal });
}

export const hierarchyQueryOptions = () =>
  queryOptions({ queryKey: HIERARCHY_KEY, queryFn: ({ signal }) => getHierarchy(signal), staleTime: 30_000 });

/** The customers a gateway may be moved to (its own kept in), for the Select Customer dropdowns. */
export function useCustomerOptions(currentScopeId?: string): {
  options: CustomerOption[];
  isPending: boolean;
} {
  const hierarchy = useQuery(hierarchyQueryOptions());
  return { options: customerOptions(hierarchy.data, currentScopeId), isPending: hierarchy.isPending };
}
