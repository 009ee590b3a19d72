export { createProvisioningModule } from './provisioning.wiring.ts';
