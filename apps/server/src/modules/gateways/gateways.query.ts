import type { GatewaySummary } from '@portal/contract';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import type { TenantsService } from '../tenants/tenants.service.ts';
import type { GatewaysRepository } from './gateways.repository.ts';

/** Read side of the fleet: gateways of a scope subtree with their latest sample. */
export class GatewaysQuery {
  constructor(
    private readonly repo: GatewaysRepository,
    private readonly tenants: TenantsService,
    private readonly telemetry: TelemetryService,
  ) {}

  /** A gateway the principal may see, or a 404 (as for a MAC that does not exist). */
  async reachableGateway(principal: Principal, mac: string) {
    const gateway = await this.repo.findByMac(mac);
    const reachable = await this.tenants.reachableTenantIds(principal);
    if (!gateway || (reachable && !reachable.has(gateway.tenant_id))) throw notFound('Gateway');
    return gateway;
  }

  async listForScope(principal: Principal, scopeId: string): Promise<GatewaySummary[]> {
    const scopeIds = await this.tenants.subtreeWithin(principal, scopeId);
    const gateways = await this.repo.listByTenants(scopeIds);
    const latest = await this.telemetry.latestByMac(gateways.map((g) => g.mac));
    return gateways.map((g) => ({
      id: g.id,
      macId: g.mac,
      name: g.name,
      scopeId: g.tenant_id,
      deviceStatus: g.connected ? 'online' : 'offline',
      firmware: g.firmware,
      OSversion: g.os_version,
      LONTI: g.last_online_at?.getTime() ?? null,
      LOFFTI: g.last_offline_at?.getTime() ?? null,
      state: g.state,
      latest: latest.get(g.mac) ?? null,
    }));
  }
}
