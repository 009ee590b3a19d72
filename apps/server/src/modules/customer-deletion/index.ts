export type { DeletionRunner } from './customer-deletion.runner.ts';
export { createCustomerDeletionModule } from './customer-deletion.wiring.ts';
