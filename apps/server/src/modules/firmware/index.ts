export type { FirmwareService } from './firmware.service.ts';
export { createFirmwareModule } from './firmware.wiring.ts';
export type { RolloutsService } from './rollouts.service.ts';
