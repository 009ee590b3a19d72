export { createPlatformModule } from './platform.wiring.ts';
