import { type UpdateWebhookBody, webhook } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** PUT /api/webhooks/{id}: name, URL, event types, enabled (enabling resets the failure count). */
export function updateWebhook({ id, body }: { id: string; body: UpdateWebhookBody }) {
  return apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: webhook });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
