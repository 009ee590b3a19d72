export type { AlertReceiver, AlertRule, AlertRulesReader } from './alert-rules.ts';
export { createAlertsModule } from './alerts.wiring.ts';
export type { LockAlertsService } from './lock-alerts.service.ts';
export type { SensorAlertsService } from './sensor-alerts.service.ts';
