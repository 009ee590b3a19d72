import { rootTenantResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../lib/api.ts';

export type RootTenant = z.infer<typeof rootTenantResponse>;

/** GET /api/getRootTenantId/: the root (admin) tenant's ids. */
export function getRootTenant(signal?: AbortSignal): Promise<RootTenant> {
  return apiRequest('/api/getRootTenantId/', { schema: rootTenantResponse, signal });
}

/** The root tenant does not change while the portal runs. */
export const rootTenantQueryOptions = () =>
  queryOptions({
    queryKey: ['tenants', 'root'] as const,
    queryFn: ({ signal }) => getRootTenant(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRootTenant(options: { enabled?: boolean } = {}) {
  return useQuery({ ...rootTenantQueryOptions(), enabled: options.enabled ?? true });
}
