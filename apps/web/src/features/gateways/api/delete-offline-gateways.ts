import {
  type DeleteOfflineGatewaysResult,
  deleteOfflineGatewaysResult,
  type OfflineGatewaySelection,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { removeFromGatewayLists } from './remove-from-lists.ts';

export interface DeleteOfflineGateways {
  offlineGateways: string[];
  scopeId: string;
  /** The list's 'Select Gateways' part, resolved on the server (first N or all matching, but `except`). */
  select?: OfflineGatewaySelection;
}

/**
 * PUT /api/deleteOfflineGateways: deletes the listed offline gateways and those `select` names (online ones
 * are refused).
 */
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
    // The deleted rows go at once; the windows from the first that held one on are fetched again.
    onSuccess: (result) => removeFromGatewayLists(queryClient, result.deleted),
  });
}
