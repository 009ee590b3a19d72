import { type CreateInstructionResult, unregisterGatewayResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshGatewayLists } from '../../../api/gateway-lists.ts';
import { apiRequest } from '../../../lib/api.ts';

/**
 * DELETE /api/unregister-gateway/macId/{m}: the portal event 'Gateway Unregister Initiated', the UNREGISTER
 * instruction, the stored data deleted and REG 0.
 */
export function unregisterGateway(mac: string): Promise<CreateInstructionResult> {
  return apiRequest(`/api/unregister-gateway/macId/${encodeURIComponent(mac)}`, {
    method: 'DELETE',
    schema: unregisterGatewayResult,
  });
}

export function useUnregisterGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unregisterGateway,
    onSuccess: () => void refreshGatewayLists(queryClient),
  });
}
