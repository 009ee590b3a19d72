import { type AgentConfigResponse, agentConfigResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const agentConfigKey = (sid: string) => ['agent-config', sid] as const;

/** GET /api/agentConfig/getConfigData/sid/{sid}: SID and cfg, secrets masked. */
export function getAgentConfig(sid: string, signal?: AbortSignal): Promise<AgentConfigResponse> {
  return apiRequest(`/api/agentConfig/getConfigData/sid/${encodeURIComponent(sid)}`, {
    schema: agentConfigResponse,
    signal,
  });
}

export const agentConfigQueryOptions = (sid: string) =>
  queryOptions({
    queryKey: [...agentConfigKey(sid), 'config'] as const,
    queryFn: ({ signal }) => getAgentConfig(sid, signal),
    enabled: sid !== '',
  });

export function useAgentConfig(sid: string) {
  return useQuery(agentConfigQueryOptions(sid));
}
