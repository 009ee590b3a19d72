import { type RegisterGatewayBody, type RegistryResult, registryResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import { refreshGatewayLists } from './refresh-gateways.ts';

/** PUT /api/gateway/register-gateway: creates the gateway or completes an unregistered one (REG 0 -> 1). */
export function registerGateway(body: RegisterGatewayBody): Promise<RegistryResult> {
  return apiRequest('/api/gateway/register-gateway', { method: 'PUT', body, schema: registryResult });
}

export function useRegisterGateway() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerGateway, onSuccess: () => void refreshGatewayLists(queryClient) });
}
