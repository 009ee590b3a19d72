import { type PendingInstruction, pendingInstructionList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const pendingInstructionsQueryKey = (macId: string) =>
  ['gateways', 'pendingInstructions', macId] as const;

/** GET /api/gateway-pending-instruction/pending-instructions?macId=: the gateway's PENDING instructions. */
export function getPendingInstructions(macId: string, signal?: AbortSignal): Promise<PendingInstruction[]> {
  return apiRequest(
    `/api/gateway-pending-instruction/pending-instructions?macId=${encodeURIComponent(macId)}`,
    { schema: pendingInstructionList, signal },
  );
}

/** Refetched by the dialog when a device or instruction event of the gateway arrives; never polled. */
export const pendingInstructionsQueryOptions = (macId: string) =>
  queryOptions({
    queryKey: pendingInstructionsQueryKey(macId),
    queryFn: ({ signal }) => getPendingInstructions(macId, signal),
    staleTime: 0,
  });

export function usePendingInstructions(macId: string, enabled: boolean) {
  return useQuery({ ...pendingInstructionsQueryOptions(macId), enabled });
}
