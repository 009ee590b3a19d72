import { globalSearchPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';
import { type GlobalSearchParams, globalSearchPath } from '../search-rules.ts';

export type GlobalSearchPage = z.infer<typeof globalSearchPage>;

/** GET /api/global-search: one page of the gateways matching the term, across the customers the user may see. */
export function globalSearch(params: GlobalSearchParams, signal?: AbortSignal): Promise<GlobalSearchPage> {
  return apiRequest(globalSearchPath(params), { schema: globalSearchPage, signal });
}

/** No request without a term (fewer than 3 characters); the previous page stays shown while the next loads. */
export const globalSearchQueryOptions = (params: GlobalSearchParams | null) =>
  queryOptions({
    queryKey: ['globalSearch', params] as const,
    queryFn: ({ signal }) => globalSearch(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export function useGlobalSearch(params: GlobalSearchParams | null) {
  return useQuery(globalSearchQueryOptions(params));
}
