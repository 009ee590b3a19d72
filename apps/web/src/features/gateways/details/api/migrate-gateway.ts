import { type RegistryResult, registryResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshGatewayLists } from '../../../../api/gateway-lists.ts';
import { apiRequest } from '../../../../lib/api.ts';

export interface MigrateGatewayInput {
  deviceId: string;
  scopeId: string;
}

/** POST /api/migrateGateway: moves a gateway to another customer (IOT_DEVICE_SCOPE_MIGRATE). */
export function migrateGateway(body: MigrateGatewayInput): Promise<RegistryResult> {
  return apiRequest('/api/migrateGateway', { method: 'POST', body, schema: registryResult });
}

export function useMigrateGateway() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: migrateGateway, onSuccess: () => void refreshGatewayLists(queryClient) });
}
