import { type WhitelistSaved, whitelistSaved } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchGatewayLists } from '../../../api/gateway-lists.ts';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/gateway/{mac}/whitelist: stored, then published to the gateway ('*' is sent as count -1). */
export function updateWhitelist(macId: string, listOfWhiteListedLocks: string[]): Promise<WhitelistSaved> {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/whitelist`, {
    method: 'PUT',
    body: { listOfWhiteListedLocks },
    schema: whitelistSaved,
  });
}

/** On success the cached gateway lists carry the new whitelist, so the dialog reopens with it. */
export function useUpdateWhitelist(macId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: string[]) => updateWhitelist(macId, list),
    onSuccess: (saved) =>
      patchGatewayLists(queryClient, (gateways) =>
        gateways.map((gateway) =>
          gateway.macId === macId
            ? {
                ...gateway,
                listOfWhiteListedLocks: saved.listOfWhiteListedLocks,
                noOfWhiteListedDevices: saved.noOfWhiteListedDevices,
              }
            : gateway,
        ),
      ),
  });
}
