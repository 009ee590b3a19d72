export { createPortalConfigModule } from './portal-config.wiring.ts';
