import { type FrontendAppDetails, frontendAppDetails } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** GET /api/frontend-app-details: name, version and build time of the running portal, and the map tile source. */
export function getAppDetails(): Promise<FrontendAppDetails> {
  return apiRequest('/api/frontend-app-details', { schema: frontendAppDetails, endSessionOnLoss: false });
}

export const appDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['frontend-app-details'],
    queryFn: getAppDetails,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAppDetails() {
  return useQuery(appDetailsQueryOptions());
}
