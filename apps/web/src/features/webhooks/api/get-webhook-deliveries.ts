import { webhookDeliveryList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const webhookDeliveriesQueryKey = ['webhook-deliveries'] as const;
/** How often an open delivery log looks again while a delivery is pending or retrying. */
const REFRESH_MS = 5000;

/** GET /api/webhooks/{id}/deliveries: the newest deliveries (kept 7 days). */
export function getWebhookDeliveries(id: string) {
  return apiRequest(`/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=50`, {
    schema: webhookDeliveryList,
  });
}

export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...webhookDeliveriesQueryKey, id],
    queryFn: () => getWebhookDeliveries(id),
    // Deliveries are background work no topic tells of: an open log with a delivery in flight looks again.
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'retrying')
        ? REFRESH_MS
        : false,
  });

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQuery(id));
}
