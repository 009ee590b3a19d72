import type { Tenant } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TenantsRepository } from './tenants.repository.ts';

/** Who may see what, by tenant: a user reaches its own tenant and every tenant below it; root reaches all. */
export class TenantsService {
  constructor(private readonly tenants: TenantsRepository) {}

  findById(id: string) {
    return this.tenants.findById(id);
  }

  /** The tenant of a kind there is one of (root, the free-tier general users scope, support), once seeded. */
  findByKind(kind: 'root' | 'free_tier' | 'support') {
    return this.tenants.findByKind(kind);
  }

  /** The support tenant (alerts for SUPPORT_EMAILS), created under root when missing; once seeded. */
  ensureSupportTenant(): Promise<void> {
    return this.tenants.ensureSupportTenant();
  }

  /**
   * The scope and every scope below it, when the principal may act there; otherwise a 404, so that
   * ids of other tenants cannot be probed.
   */
  async subtreeWithin(principal: { tenantId: string; isRoot: boolean }, scopeId: string): Promise<string[]> {
    if (!isUuid(scopeId)) throw notFound('Customer');
    const ids = await this.tenants.subtreeIdsReachedBy(scopeId, principal.isRoot ? null : principal.tenantId);
    // The scope itself is among them whenever it exists and is reached.
    if (ids.length === 0) throw notFound('Customer');
    return ids;
  }

  /** The tenant when the principal reaches it; otherwise 404, as for a tenant that does not exist. */
  async scopeWithin(
    principal: { tenantId: string; isRoot: boolean; ownTenant?: Tenant },
    scopeId: string,
  ): Promise<Tenant> {
    if (!isUuid(scopeId)) throw notFound('Customer');
    // The caller's own tenant came with its session (a cached one is forgotten when the tenant changes).
    const scope =
      principal.ownTenant?.id === scopeId ? principal.ownTenant : await this.tenants.findById(scopeId);
    const reaches =
      scope &&
      (principal.isRoot || scope.id === principal.tenantId || scope.ancestors.includes(principal.tenantId));
    if (!reaches) throw notFound('Customer');
    return scope;
  }

  /** Ids of the tenants a principal may act in; null means every tenant (root). */
  async reachableTenantIds(principal: { tenantId: string; isRoot: boolean }): Promise<Set<string> | null> {
    if (principal.isRoot) return null;
    return new Set(await this.tenants.subtreeIds(principal.tenantId));
  }
}
