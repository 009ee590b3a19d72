export { createFirmwareModule } from './firmware.wiring.ts';
