import {
  type DeleteOfflineGatewaysResult,
  deleteOfflineGatewaysResult,
  type GatewaySummary,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { GATEWAY_LISTS_KEY } from './get-gateways.ts';

export interface DeleteOfflineGateways {
  offlineGateways: string[];
  scopeId: string;
}

/** PUT /api/deleteOfflineGateways: deletes the listed offline gateways (online ones are refused). */
export function deleteOfflineGateways(body: DeleteOfflineGateways): Promise<DeleteOfflineGatewaysResult> {
  return apiRequest('/api/deleteOfflineGateways', {
    method: 'PUT',
    body,
    schema: deleteOfflineGatewaysResult,
  });
}

export function useDeleteOfflineGateways() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOfflineGateways,
    onSuccess: (result) => {
      const deleted = new Set(result.deleted);
      queryClient.setQueriesData<GatewaySummary[]>({ queryKey: GATEWAY_LISTS_KEY }, (gateways) =>
        gateways?.filter((gateway) => !deleted.has(gateway.macId)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: GATEWAY_LISTS_KEY }),
  });
}
