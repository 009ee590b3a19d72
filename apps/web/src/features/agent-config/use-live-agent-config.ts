import { agentConfigLiveMessage, live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { agentConfigKey } from './api/get-agent-config.ts';

/**
 * The customer's agent-config channel: a new version (made elsewhere) reloads the configuration and its history;
 * a gateway's answer reloads the delivery counts. The channel never carries a secret.
 */
export function useLiveAgentConfig(sid: string): void {
  const queryClient = useQueryClient();
  useLiveTopic(sid ? live.agentConfig(sid) : null, (payload) => {
    const message = agentConfigLiveMessage.safeParse(payload);
    if (!message.success) return;
    const part = message.data.type === 'version' ? [] : ['delivery'];
    void queryClient.invalidateQueries({ queryKey: [...agentConfigKey(sid), ...part] });
  });
}
