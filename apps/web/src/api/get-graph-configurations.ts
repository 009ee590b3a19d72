import { type graphConfiguration, graphConfigurations } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../lib/api.ts';

export const graphConfigurationsQueryKey = ['portalConfig', 'graphConfigurations'] as const;

/** GET /api/iotdevices/configurations: the graph grey-area setting of every scope that has one. */
export function getGraphConfigurations(signal?: AbortSignal): Promise<z.infer<typeof graphConfiguration>[]> {
  return apiRequest('/api/iotdevices/configurations', { schema: graphConfigurations, signal });
}

export const graphConfigurationsQueryOptions = () =>
  queryOptions({
    queryKey: graphConfigurationsQueryKey,
    queryFn: ({ signal }) => getGraphConfigurations(signal),
  });

export function useGraphConfigurations() {
  return useQuery(graphConfigurationsQueryOptions());
}
