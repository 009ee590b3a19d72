export type { LocksService } from './locks.service.ts';
export { createLocksModule } from './locks.wiring.ts';
