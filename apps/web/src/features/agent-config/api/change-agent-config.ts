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

/**
 * Any change; the customer's configuration, history and delivery are asked again after it. The callbacks are the
 * mutation's own: they run even when the form that asked has been replaced by the new version's.
 */
export function useChangeAgentConfig(callbacks: {
  onSuccess: (answer: z.infer<typeof applied>, request: AgentConfigChangeRequest) => void;
  onError: (error: Error, request: AgentConfigChangeRequest) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAgentConfig,
    onSuccess: (answer, request) => callbacks.onSuccess(answer, request),
    onError: (error, request) => callbacks.onError(error, request),
    onSettled: (_data, _error, request) =>
      queryClient.invalidateQueries({ queryKey: agentConfigKey(request.SID) }),
  });
}
