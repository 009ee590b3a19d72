import { type HierarchyNode, hierarchyNode } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';

export const HIERARCHY_KEY = ['tenants', 'hierarchy'] as const;

/** GET /api/hirarchy: the caller's own customer and everything below it (root: the whole tree). */
export function getHierarchy(signal?: AbortSignal): Promise<HierarchyNode> {
  return apiRequest('/api/hirarchy', { schema: hierarchyNode, signal });
}

export const hierarchyQueryOptions = () =>
  queryOptions({ queryKey: HIERARCHY_KEY, queryFn: ({ signal }) => getHierarchy(signal), staleTime: 30_000 });
