import { type AgentConfigHistory, agentConfigHistory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { agentConfigKey } from './get-agent-config.ts';

/** GET /api/agentConfig/history/sid/{sid}: every version, newest first (who, when, what changed). */
export function getAgentConfigHistory(sid: string, signal?: AbortSignal): Promise<AgentConfigHistory> {
  return apiRequest(`/api/agentConfig/history/sid/${encodeURIComponent(sid)}`, {
    schema: agentConfigHistory,
    signal,
  });
}

export function useAgentConfigHistory(sid: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...agentConfigKey(sid), 'history'] as const,
      queryFn: ({ signal }) => getAgentConfigHistory(sid, signal),
      enabled: sid !== '' && enabled,
    }),
  );
}
