import { type AppDetails, appDetails } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** GET /api/frontend-app-details: name, version and build time of the running portal. */
export function getAppDetails(): Promise<AppDetails> {
  return apiRequest('/api/frontend-app-details', { schema: appDetails, endSessionOnLoss: false });
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
