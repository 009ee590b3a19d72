export type { AlertEngine } from './alert-engine.service.ts';
export { alertEngineConfig, createAlertEngineModule } from './alert-engine.wiring.ts';
export type { AlertRule, AlertRulesReader } from './alert-rules.port.ts';
