import { type AgentConfigDelivery, agentConfigDelivery } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { agentConfigKey } from './get-agent-config.ts';

/** GET /api/agentConfig/delivery/sid/{sid}: the customer's gateways by the version they confirmed. */
export function getAgentConfigDelivery(sid: string, signal?: AbortSignal): Promise<AgentConfigDelivery> {
  return apiRequest(`/api/agentConfig/delivery/sid/${encodeURIComponent(sid)}`, {
    schema: agentConfigDelivery,
    signal,
  });
}

export function useAgentConfigDelivery(sid: string) {
  return useQuery(
    queryOptions({
      queryKey: [...agentConfigKey(sid), 'delivery'] as const,
      queryFn: ({ signal }) => getAgentConfigDelivery(sid, signal),
      enabled: sid !== '',
    }),
  );
}
