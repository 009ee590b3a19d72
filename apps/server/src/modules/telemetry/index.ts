export type { RetentionJob } from './retention.ts';
export { gatewayTelemetry } from './telemetry.ports.ts';
export type { TelemetryService } from './telemetry.service.ts';
export { createTelemetryModule } from './telemetry.wiring.ts';
