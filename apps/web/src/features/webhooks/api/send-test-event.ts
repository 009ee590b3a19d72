import { webhookDelivery } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** POST /api/webhooks/{id}/test: a webhook.test event sent now; answers its delivery after the first attempt. */
export function sendTestEvent(id: string) {
  return apiRequest(`/api/webhooks/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: webhookDelivery,
  });
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: async (_delivery, id) => {
      await queryClient.invalidateQueries({ queryKey: [...webhookDeliveriesQueryKey, id] });
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
