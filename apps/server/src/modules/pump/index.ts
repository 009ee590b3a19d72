export type { PumpService } from './pump.service.ts';
export { createPumpModule } from './pump.wiring.ts';
