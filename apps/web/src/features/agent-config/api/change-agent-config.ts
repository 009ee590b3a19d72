import type { AgentConfigInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';
import { agentConfigKey } from './get-agent-config.ts';

const applied = z.object({ message: z.string(), cfv: z.number() });

/** The three changes: PUT updateConfigData, PUT resetConfigDataToDefault, PUT revertConfigData. */
export type AgentConfigChangeRequest =
  | { kind: 'update'; SID: string; cfg: AgentConfigInput }
  | { kind: 'reset'; SID: string; cfv: number }
  | { kind: 'revert'; SID: string; cfv: number; to: number };

const PATHS = {
  update: '/api/agentConfig/updateConfigData',
  reset: '/api/agentConfig/resetConfigDataToDefault',
  revert: '/api/agentConfig/revertConfigData',
} as const;

export function changeAgentConfig(request: AgentConfigChangeRequest) {
  const { kind, ...body } = request;
  return apiRequest(PATHS[kind], { method: 'PUT', body, schema: applied });
}

/** Any change; the customer's configuration, history and delivery are asked again after it. */
export function useChangeAgentConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAgentConfig,
    onSettled: (_data, _error, request) =>
      queryClient.invalidateQueries({ queryKey: agentConfigKey(request.SID) }),
  });
}
