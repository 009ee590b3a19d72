export { createMetricsModule } from './metrics.wiring.ts';
