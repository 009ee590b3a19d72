import type { TenantsRepository } from './tenants.repository.ts';

/** Who may see what, by tenant: a user reaches its own tenant and every tenant below it; root reaches all. */
export class TenantsService {
  constructor(private readonly tenants: TenantsRepository) {}

  findById(id: string) {
    return this.tenants.findById(id);
  }

  /** Ids of the tenants a principal may act in; null means every tenant (root). */
  async reachableTenantIds(principal: { tenantId: string; isRoot: boolean }): Promise<Set<string> | null> {
    if (principal.isRoot) return null;
    return new Set(await this.tenants.subtreeIds(principal.tenantId));
  }
}
