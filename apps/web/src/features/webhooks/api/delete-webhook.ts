import { messageResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** DELETE /api/webhooks/{id}: the webhook and its delivery log. */
export function deleteWebhook(id: string) {
  return apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageResponse,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
