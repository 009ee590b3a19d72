import { type RegistryResult, registryResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshGatewayLists } from '../../../../api/gateway-lists.ts';
import { apiRequest } from '../../../../lib/api.ts';

export interface AssignScopeInput {
  gatewayId: string;
  scopeId: string;
}

/** POST /api/gateway/{id}/assign-scope/{scopeId}: Change Customer of an unregistered gateway. */
export function assignScope({ gatewayId, scopeId }: AssignScopeInput): Promise<RegistryResult> {
  return apiRequest(
    `/api/gateway/${encodeURIComponent(gatewayId)}/assign-scope/${encodeURIComponent(scopeId)}`,
    { method: 'POST', schema: registryResult },
  );
}

export function useAssignScope() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignScope, onSuccess: () => void refreshGatewayLists(queryClient) });
}
