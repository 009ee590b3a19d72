import {
  type RegisterGatewayBody,
  type RegisterGatewayResult,
  registerGatewayResult,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshGatewayLists } from '../../../../api/gateway-lists.ts';
import { apiRequest } from '../../../../lib/api.ts';

/**
 * PUT /api/gateway/register-gateway: creates the gateway or completes an unregistered one (REG 0 -> 1); the
 * answer carries its new device credential, this once.
 */
export function registerGateway(body: RegisterGatewayBody): Promise<RegisterGatewayResult> {
  return apiRequest('/api/gateway/register-gateway', { method: 'PUT', body, schema: registerGatewayResult });
}

export function useRegisterGateway() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerGateway, onSuccess: () => void refreshGatewayLists(queryClient) });
}
