import { webhookWithSecret } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { webhooksQueryKey } from './get-webhooks.ts';

/** POST /api/webhooks/{id}/rotate-secret: the new secret, shown once; the old one signs for 24 hours more. */
export function rotateWebhookSecret(id: string) {
  return apiRequest(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    schema: webhookWithSecret,
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
