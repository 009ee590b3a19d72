import { CUSTOMER_STATUS, customerMessages, TENANT_KIND } from '@portal/contract';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type {
  CustomerDeletionRepository,
  DeletionJobRow,
  DeletionTenant,
} from './customer-deletion.repository.ts';
import { type DeletionJob, deletionRefusals } from './customer-deletion.schemas.ts';
import { type DeletionTarget, deletionSteps } from './customer-deletion.steps.ts';

/** Tenants the portal cannot do without (DESIGN.md section 8). */
const FIXED_KINDS = new Set<string>([TENANT_KIND.root, TENANT_KIND.freeTier, TENANT_KIND.support]);
/** PostgreSQL: a row is still referenced. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Customer deletion (spec 000 section 4): starts the resumable job the runner carries out, and offers the
 * spec's step calls one by one over the same idempotent steps. Every call needs the customer within the
 * caller's reach (404 otherwise); the root, free-tier and support tenants, the caller's own tenant and a
 * tenant with sub-customers are never deleted.
 */
export class CustomerDeletionService {
  constructor(
    private readonly repo: CustomerDeletionRepository,
    private readonly tenants: TenantsService,
    private readonly runner: { wake(): void },
  ) {}

  /** Starts the deletion, or answers the one already running for the customer. */
  async start(principal: Principal, tenantId: string): Promise<DeletionJob> {
    const tenant = await this.reachableTenant(principal, tenantId);
    const running = await this.repo.findRunning(tenant.id);
    if (running) return toJob(running);
    this.assertRemovable(principal, tenant);
    await this.assertNoChildren(tenant.id);
    const { rootId } = await this.target(tenant.id);
    // Two requests at once: the unique index lets one insert; the other answers the job it made.
    const job =
      (await this.repo.insertRunning({
        tenant_id: tenant.id,
        tenant_name: tenant.name,
        parent_id: tenant.parent_id,
        ancestors: tenant.ancestors,
        root_id: rootId,
        requested_by: principal.userId,
      })) ??
      (await this.repo.findRunning(tenant.id)) ??
      (await this.repo.findLatest(tenant.id));
    if (!job) throw new Error('the deletion job was neither stored nor found');
    this.runner.wake();
    return toJob(job);
  }

  /** The customer's latest deletion; still visible to those who reached the customer once it is gone. */
  async latest(principal: Principal, tenantId: string): Promise<DeletionJob> {
    if (!isUuid(tenantId)) throw notFound('Customer');
    if (await this.repo.findTenant(tenantId)) {
      await this.reachableTenant(principal, tenantId);
      const job = await this.repo.findLatest(tenantId);
      if (!job) throw new AppError('NOT_FOUND', deletionRefusals.noJob);
      return toJob(job);
    }
    const job = await this.repo.findLatest(tenantId);
    const reachable =
      job &&
      (principal.isRoot ||
        job.tenant_id === principal.tenantId ||
        job.ancestors.includes(principal.tenantId));
    if (!job || !reachable) throw notFound('Customer');
    return toJob(job);
  }

  /** PUT /api/updateCustomerStatus: the first step (DELETE_PENDING), or its revert (Active). */
  async setStatus(principal: Principal, tenantId: string, status: 'Active' | 'DELETE_PENDING') {
    const tenant = await this.reachableTenant(principal, tenantId);
    this.assertRemovable(principal, tenant);
    if (status === CUSTOMER_STATUS.deletePending) {
      await this.assertNoChildren(tenant.id);
      const target = await this.target(tenant.id);
      await this.repo.transaction((trx) => deletionSteps.markPending(trx, target));
    } else {
      if (await this.repo.findRunning(tenant.id)) {
        throw new AppError('CONFLICT', customerMessages.beingDeleted);
      }
      await this.repo.setTenantStatus(tenant.id, CUSTOMER_STATUS.active);
    }
    return { id: tenant.id, status };
  }

  /** DELETE /api/removeTenantPortalUsers-by-scope: the second step. */
  async removeUsers(principal: Principal, tenantId: string) {
    const tenant = await this.pendingTenant(principal, tenantId);
    const target = await this.target(tenant.id);
    const removedUsers = await this.repo.transaction((trx) => deletionSteps.removeUsers(trx, target));
    return { id: tenant.id, removedUsers };
  }

  /** PUT /api/moveGatewaysToRoot: the third step; `rootId` must be the root tenant. */
  async moveGateways(principal: Principal, tenantId: string, rootId: string) {
    const tenant = await this.pendingTenant(principal, tenantId);
    const target = await this.target(tenant.id);
    if (target.rootId !== rootId) throw new AppError('VALIDATION_ERROR', deletionRefusals.notRoot);
    const movedGateways = await this.repo.transaction((trx) => deletionSteps.moveGateways(trx, target));
    return { id: tenant.id, movedGateways };
  }

  /** DELETE /api/removeTenant: the last step, refused while users, gateways or sub-customers remain. */
  async removeTenant(principal: Principal, tenantId: string) {
    const tenant = await this.pendingTenant(principal, tenantId);
    const target = await this.target(tenant.id);
    try {
      await this.repo.transaction(async (trx) => {
        const left = await trx.dependents(tenant.id);
        if (left.children > 0) throw new AppError('CONFLICT', deletionRefusals.hasChildren);
        if (left.users > 0 || left.gateways > 0) throw new AppError('CONFLICT', deletionRefusals.stillInUse);
        await deletionSteps.removeScope(trx, target);
      });
    } catch (error) {
      // A user or gateway added between the count and the delete.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
        throw new AppError('CONFLICT', deletionRefusals.stillInUse);
      }
      throw error;
    }
    return { id: tenant.id, message: customerMessages.deleted };
  }

  private async target(tenantId: string): Promise<DeletionTarget> {
    const root = await this.repo.findRootTenant();
    if (!root) throw new Error('the root tenant is missing');
    return { tenantId, rootId: root.id };
  }

  private async reachableTenant(principal: Principal, tenantId: string): Promise<DeletionTenant> {
    await this.tenants.scopeWithin(principal, tenantId);
    const tenant = await this.repo.findTenant(tenantId);
    if (!tenant) throw notFound('Customer');
    return tenant;
  }

  /** A customer the caller may delete that is marked DELETE_PENDING (the steps after the first). */
  private async pendingTenant(principal: Principal, tenantId: string): Promise<DeletionTenant> {
    const tenant = await this.reachableTenant(principal, tenantId);
    this.assertRemovable(principal, tenant);
    if (tenant.status !== CUSTOMER_STATUS.deletePending) {
      throw new AppError('CONFLICT', deletionRefusals.notPending);
    }
    return tenant;
  }

  private assertRemovable(principal: Principal, tenant: DeletionTenant): void {
    if (FIXED_KINDS.has(tenant.kind)) throw new AppError('VALIDATION_ERROR', deletionRefusals.fixedTenant);
    if (tenant.id === principal.tenantId) throw new AppError('VALIDATION_ERROR', deletionRefusals.ownTenant);
  }

  private async assertNoChildren(tenantId: string): Promise<void> {
    if ((await this.repo.dependents(tenantId)).children > 0) {
      throw new AppError('CONFLICT', deletionRefusals.hasChildren);
    }
  }
}

function toJob(row: DeletionJobRow): DeletionJob {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    customerName: row.tenant_name,
    state: row.state,
    step: row.step,
    message: row.message,
    revertMessage: row.revert_message,
    attempts: row.attempts,
    createdAt: row.created_at.getTime(),
    finishedAt: row.finished_at?.getTime() ?? null,
  };
}
