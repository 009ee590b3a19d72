import { type RegistryResult, registryResult, type UpdateGatewayBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshGatewayLists } from '../../../../api/gateway-lists.ts';
import { apiRequest } from '../../../../lib/api.ts';

export interface UpdateGatewayInput {
  mac: string;
  body: UpdateGatewayBody;
}

/** PUT /api/update-gateway/{MAC}: name, address, manufactured date, tags, customer (SID). */
export function updateGateway({ mac, body }: UpdateGatewayInput): Promise<RegistryResult> {
  return apiRequest(`/api/update-gateway/${encodeURIComponent(mac)}`, {
    method: 'PUT',
    body,
    schema: registryResult,
  });
}

export function useUpdateGateway() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGateway, onSuccess: () => void refreshGatewayLists(queryClient) });
}
