import type {
  DeviceRecord,
  GatewayPage,
  GatewaySummary,
  gatewayListSelection,
  gatewayPageQuery,
  OfflineGatewaySelection,
  TelemetrySample,
} from '@portal/contract';
import type { z } from 'zod';
import type { Gateway } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TelemetryService } from '../telemetry/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { decodeCursor } from './gateway-cursor.ts';
import type { GatewayListRepository, GatewayMatch } from './gateway-list.repository.ts';
import { type GatewaysRepository, gatewayWithinReach } from './gateways.repository.ts';
import { registryFields } from './registry-fields.ts';

/**
 * The firmware module's port: the versions assigned to gateways (their customer's latest applied ones) and the
 * customer app version each reported, by MAC (docs/rollouts.md).
 */
export type GatewayVersionsPort = (
  gateways: { mac: string; tenantId: string }[],
) => Promise<
  Map<
    string,
    Pick<GatewaySummary, 'assignedFirmware' | 'assignedOSversion' | 'assignedCustomerFw' | 'customerFw'>
  >
>;

/** Read side of the fleet: gateways of a scope subtree with their latest sample. */
export class GatewaysQuery {
  constructor(
    private readonly repo: GatewaysRepository,
    private readonly tenants: TenantsService,
    private readonly telemetry: Pick<TelemetryService, 'recentByMac' | 'latestByMac'>,
    private readonly lists: GatewayListRepository,
    private readonly versions?: GatewayVersionsPort,
  ) {}

  /** A gateway the principal may see, or a 404 (as for a MAC that does not exist). */
  async reachableGateway(principal: Principal, mac: string) {
    const gateway = await this.findReachable(principal, mac);
    if (!gateway) throw notFound('Gateway');
    return gateway;
  }

  /**
   * The reach check of `reachableGateway` as a condition another module's statement carries (true when the
   * gateway exists and the principal reaches it), so a read needs no statement of its own for it.
   */
  reachCondition(principal: Principal, mac: string) {
    return gatewayWithinReach(mac, principal.isRoot ? null : principal.tenantId);
  }

  /** The same, by the gateway's id. */
  async reachableGatewayById(principal: Principal, id: string) {
    const found = await this.repo.findWithReach({ id }, principal.isRoot ? null : principal.tenantId);
    if (!found?.withinReach) throw notFound('Gateway');
    return found.gateway;
  }

  /** The gateway with this MAC, or undefined when there is none; a 404 when it is outside the principal's reach. */
  async findReachable(principal: Principal, mac: string): Promise<Gateway | undefined> {
    const found = await this.repo.findWithReach({ mac }, principal.isRoot ? null : principal.tenantId);
    if (found && !found.withinReach) throw notFound('Gateway');
    return found?.gateway;
  }

  /** Tenants to list: a scope's subtree (404 outside the principal's reach), or all the principal reaches. */
  private async tenantIds(principal: Principal, scopeId?: string): Promise<string[] | null> {
    if (scopeId) return this.tenants.subtreeWithin(principal, scopeId);
    const reachable = await this.tenants.reachableTenantIds(principal);
    return reachable && [...reachable];
  }

  async devices(
    principal: Principal,
    options: { scopeId?: string; onlineOnly?: boolean } = {},
  ): Promise<DeviceRecord[]> {
    const gateways = await this.repo.listByTenants(await this.tenantIds(principal, options.scopeId));
    return gateways.filter((g) => !options.onlineOnly || g.connected).map(toDeviceRecord);
  }

  /**
   * The last samples of every gateway of a scope subtree, oldest first, for the card mini-charts; `macIds`
   * limits it to those (the visible cards). A MAC outside the subtree is left out, as one that does not exist.
   */
  async recentData(
    principal: Principal,
    scopeId: string,
    macIds?: string[],
  ): Promise<Record<string, TelemetrySample[]>> {
    const gateways = await this.repo.listByTenants(await this.tenantIds(principal, scopeId), macIds);
    return this.telemetry.recentByMac(gateways.map((g) => g.mac));
  }

  async listForScope(principal: Principal, scopeId?: string, limit?: number): Promise<GatewaySummary[]> {
    const gateways = await this.repo.listByTenants(
      await this.tenantIds(principal, scopeId),
      undefined,
      limit,
    );
    return this.summaries(gateways);
  }

  /**
   * One window of the gateways page (GET /api/gateway/get-gateways-page): the scope subtree's gateways that
   * match the search and filters, in the chosen order, from `offset` on; with the counts the page shows. The
   * latest samples are looked up for the window's rows only (a sort by a reading aside). Without counts
   * (`counts=false`) the subtree is not counted. With `after` (a cursor of the window before, orders that can
   * seek only) the window is read by a keyset seek from that window's last row instead of from `offset`.
   */
  async page(principal: Principal, query: z.output<typeof gatewayPageQuery>): Promise<GatewayPage> {
    // A cursor is checked before anything is read (400 when malformed, altered or of another order).
    const after = query.after === undefined ? undefined : decodeCursor(query.after, query.sort, query.order);
    const match = matchOf(await this.tenantIds(principal, query.scopeId), query);
    const [window, counts] = await Promise.all([
      this.lists.window(match, query, query.offset, query.limit, after),
      query.counts === 'true' ? this.lists.counts(match, query.scopeId) : {},
    ]);
    return {
      gateways: await this.summaries(window.gateways),
      offset: window.offset,
      ...counts,
      ...(window.next === undefined ? {} : { next: window.next }),
    };
  }

  /**
   * The offline gateways a delete-mode selection names: those matching its search and filters within the
   * scope subtree (404 outside reach), in its order, the first `first` of them (all without), but `except`.
   */
  async selectedOffline(
    principal: Principal,
    scopeId: string,
    selection: z.output<typeof gatewayListSelection> & Pick<OfflineGatewaySelection, 'first' | 'except'>,
  ): Promise<string[]> {
    const match = matchOf(await this.tenantIds(principal, scopeId), selection);
    if (selection.status === 'online') return [];
    const macs = await this.lists.macs({ ...match, status: 'offline' }, selection, selection.first);
    const except = new Set(selection.except ?? []);
    return macs.filter((mac) => !except.has(mac));
  }

  private async summaries(gateways: Gateway[]): Promise<GatewaySummary[]> {
    const [latest, versions] = await Promise.all([
      this.telemetry.latestByMac(gateways.map((g) => g.mac)),
      this.versions?.(gateways.map((g) => ({ mac: g.mac, tenantId: g.tenant_id }))),
    ]);
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
      ...registryFields(g),
      ...versions?.get(g.mac),
    }));
  }
}

function matchOf(
  tenantIds: string[] | null,
  selection: Pick<
    z.output<typeof gatewayListSelection>,
    'search' | 'status' | 'enrollment' | 'name' | 'firmware' | 'os' | 'tenant' | 'area'
  >,
): GatewayMatch {
  return {
    tenantIds,
    search: selection.search,
    status: selection.status,
    enrollment: selection.enrollment,
    name: selection.name,
    firmware: selection.firmware,
    os: selection.os,
    tenant: selection.tenant,
    area: selection.area,
  };
}

function toDeviceRecord(g: Gateway): DeviceRecord {
  const registry = registryFields(g);
  return {
    id: g.id,
    MAC: g.mac,
    NAME: g.name,
    SID: g.tenant_id,
    CRTD: registry.CRTD ?? g.created_at.getTime(),
    REG: registry.REG,
    CS: g.connected ? 1 : 0,
    HS: registry.HS,
    HSIPRC: registry.HSIPRC,
    NW: registry.NW,
    SS: registry.SS,
    CMS: registry.CMS,
    LCTN: registry.LCTN,
    LONTI: g.last_online_at?.getTime() ?? null,
    LOFFTI: g.last_offline_at?.getTime() ?? null,
    FW: g.firmware,
    OS: g.os_version,
    type: 'gateway',
    tags: registry.tags,
  };
}
