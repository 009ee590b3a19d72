export type { AgentConfigService } from './agent-config.service.ts';
export { createAgentConfigModule } from './agent-config.wiring.ts';
