import { type LastScan, lastScan } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** GET /api/gateway/{mac}/last-scan: the locks the gateway's last scan heard. */
export function getLastScan(macId: string, signal?: AbortSignal): Promise<LastScan> {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/last-scan`, { schema: lastScan, signal });
}

/** Read each time the force probe dialog opens: a scan may have finished meanwhile. */
export function useLastScan(macId: string) {
  return useQuery({
    queryKey: ['gateways', 'lastScan', macId] as const,
    queryFn: ({ signal }) => getLastScan(macId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
