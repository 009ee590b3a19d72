export type { AlertEngine, AlertEngineSettings } from './alert-engine.service.ts';
export { alertEngineConfig, createAlertEngineModule } from './alert-engine.wiring.ts';
export type { AlertReceiver, AlertRule, AlertRulesReader } from './alert-rules.port.ts';
export type { SmsProvider } from './notifications/sms-provider.ts';
