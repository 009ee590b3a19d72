export type { AlertReceiver, AlertRule, AlertRulesReader } from './alert-rules.ts';
export { createAlertsModule } from './alerts.wiring.ts';
export type { SensorAlertsService } from './sensor-alerts.service.ts';
