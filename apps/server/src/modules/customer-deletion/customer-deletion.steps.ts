import type { DeletionStep } from '@portal/contract';
import type { CustomerDeletionRepository } from './customer-deletion.repository.ts';

export interface DeletionTarget {
  tenantId: string;
  /** The root tenant, where the gateways go. */
  rootId: string;
}

/**
 * The steps of a customer deletion (spec 000 section 4), in order. Each is idempotent (running it again
 * after it succeeded changes nothing) and is given a repository bound to one transaction, so a step either
 * happens whole or not at all. They answer how many rows they changed.
 */
export const deletionSteps: Record<
  DeletionStep,
  (repo: CustomerDeletionRepository, target: DeletionTarget) => Promise<number>
> = {
  markPending: (repo, { tenantId }) => repo.setTenantStatus(tenantId, 'DELETE_PENDING'),
  removeUsers: (repo, { tenantId }) => repo.deleteUsers(tenantId),
  moveGateways: (repo, { tenantId, rootId }) => repo.moveGateways(tenantId, rootId),
  removeScope: (repo, { tenantId }) => repo.deleteTenant(tenantId),
};
