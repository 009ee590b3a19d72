export type { RetentionJob } from './retention.ts';
export type { TelemetryService } from './telemetry.service.ts';
export { createTelemetryModule } from './telemetry.wiring.ts';
