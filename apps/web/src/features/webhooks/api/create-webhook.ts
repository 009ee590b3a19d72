import { type CreateWebhookBody, webhookWithSecret } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** POST /api/webhooks: the answer holds the webhook's secret, shown once. */
export function createWebhook(body: CreateWebhookBody) {
  return apiRequest('/api/webhooks', { method: 'POST', body, schema: webhookWithSecret });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
