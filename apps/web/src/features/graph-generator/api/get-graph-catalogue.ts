import { graphCatalogue } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/graph-generator/catalogue?scopeId=: the scope's gateways, for the gateways chip. */
export function useGraphCatalogue(scopeId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['graph-generator', 'catalogue', scopeId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/graph-generator/catalogue?${new URLSearchParams({ scopeId })}`, {
        schema: graphCatalogue,
        signal,
      }),
    enabled: enabled && scopeId !== '',
    staleTime: 60_000,
  });
}
