import { type AlertRoutingBody, alertRouting } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

const routingKey = (ruleId: string) => ['alert-routing', ruleId] as const;
const routingPath = (ruleId: string) => `/api/alert-rules/${encodeURIComponent(ruleId)}/routing`;

/** GET /api/alert-rules/{id}/routing: a rule's reminder, escalation and hooks. */
export function useAlertRouting(ruleId: string) {
  return useQuery({
    queryKey: routingKey(ruleId),
    queryFn: ({ signal }) => apiRequest(routingPath(ruleId), { schema: alertRouting, signal }),
  });
}

/** PUT /api/alert-rules/{id}/routing (ALERTS_WRITE). */
export function useSaveAlertRouting(ruleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRoutingBody) =>
      apiRequest(routingPath(ruleId), { method: 'PUT', body, schema: alertRouting }),
    onSuccess: (saved) => queryClient.setQueryData(routingKey(ruleId), saved),
  });
}
