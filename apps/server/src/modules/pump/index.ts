export { createPumpModule } from './pump.wiring.ts';
