export { useAgentConfig } from './api/get-agent-config.ts';
export { useLiveAgentConfig } from './use-live-agent-config.ts';
