import { webhookList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const webhooksQueryKey = ['webhooks'] as const;

/** GET /api/webhooks?scopeId=: the webhooks of the customer being viewed (WEBHOOK_WRITE). */
export function getWebhooks(scopeId: string) {
  return apiRequest(`/api/webhooks?scopeId=${encodeURIComponent(scopeId)}`, { schema: webhookList });
}

export const webhooksQuery = (scopeId: string) =>
  queryOptions({ queryKey: [...webhooksQueryKey, scopeId], queryFn: () => getWebhooks(scopeId) });

export function useWebhooks(scopeId: string) {
  return useQuery(webhooksQuery(scopeId));
}
