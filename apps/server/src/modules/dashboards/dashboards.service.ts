import type { dashboardMapQuery, reachablePageQuery } from '@portal/contract';
import {
  DASHBOARD_TOP_VALUES,
  type DashboardMap,
  type DashboardSummary,
  type DistributionEntry,
  type FreeTierDetails,
  type ReachablePage,
} from '@portal/contract';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { TenantsService } from '../tenants/index.ts';
import type {
  DashboardsRepository,
  Fingerprint,
  GatewayChange,
  GroupCount,
} from './dashboards.repository.ts';
import { FleetClusters } from './fleet-cache.ts';
import { FleetFigures } from './fleet-figures.ts';

type Figures = Omit<DashboardSummary, 'scopeId' | 'locks' | 'co2'>;
type SideFigures = Pick<DashboardSummary, 'locks'> & {
  co2: Omit<DashboardSummary['co2'], 'noData'> & { withData: number };
};

/** The map index of one subtree, current at `fingerprint`. */
interface Fleet {
  clusters: FleetClusters;
  fingerprint: Fingerprint;
  /** When its gateways were last read in full (changes since are read, not every row). */
  readAt: number;
}

/** A subtree's map index, carried from one fingerprint to the next (docs/dashboards.md "Map index"). */
interface FleetSlot {
  /** The newest index, or the change being applied to it: each call chains after the one before. */
  state?: Promise<Fleet>;
  /** A full read under way after maxAgeMs (the index is served meanwhile). */
  refreshing?: boolean;
  /**
   * A new index to build off the request path (a gateway joined, left or moved): the changes read since the
   * index in use was built, applied to it when the timer fires (one rebuild for a burst of moves).
   */
  rebuild?: { clusters: FleetClusters; changes: GatewayChange[]; timer?: ReturnType<typeof setTimeout> };
}

/** The figures' facts of one subtree, current at `fingerprint`. */
interface KeptFacts {
  figures: FleetFigures;
  fingerprint: Fingerprint;
  readAt: number;
}

/** What is kept of one subtree while its fingerprint holds. */
interface Entry {
  fingerprint: Fingerprint;
  /** When it was started: an entry older than maxAgeMs is built again whatever its fingerprint. */
  at: number;
  figures?: Promise<Figures>;
  /** Carried over when the fingerprint moves: the index is updated, not built again. */
  fleet: FleetSlot;
  /** The same for the figures' facts: the newest, or the change being applied (chained as the index). */
  facts: { state?: Promise<KeptFacts>; refreshing?: boolean };
  /** Locks and CO2 do not move the fingerprint: kept for SIDE_FIGURES_MS. */
  side?: { at: number; value: Promise<SideFigures> };
}

export interface DashboardsSettings {
  /** How long the locks and CO2 figures are reused (they change without a gateway changing). */
  sideFiguresMs: number;
  /** Subtrees kept in memory at once (least recently used goes first). */
  cachedScopes: number;
  /**
   * The longest a computed entry is served (the fingerprint reads `updated_at`, written by each instance's
   * clock: a change stamped earlier than the newest one, by a slower clock, is picked up within this time).
   */
  maxAgeMs: number;
  /**
   * How far before the index's last read the next read of changes starts: a change is stamped when its
   * transaction starts (or by its instance's clock) and may commit after a read that saw newer stamps.
   */
  changeOverlapMs: number;
  /**
   * How long after the call that found it due the maxAgeMs full read starts (0: at once): the burst of calls of
   * a page being opened is answered first, instead of waiting behind a read of every row on the one connection
   * PGlite has.
   */
  backstopDelayMs?: number;
  /**
   * How long after a gateway joined, left or moved the map index is built again, off the request path (calls
   * meanwhile are answered from the index in use, the moved gateways hidden from its single points): a burst of
   * moves gives one rebuild.
   */
  rebuildDelayMs?: number;
}

const HOUR_MS = 3_600_000;

/**
 * The Dashboard and Global Dashboard figures, the Locations map and the gateway rows of a scope subtree.
 * Figures and the cluster index are kept per subtree and brought up to date when its fingerprint (newest change
 * per customer, departures) moves, from the gateways changed since their last read: one statement of index
 * lookups per call checks it (docs/dashboards.md).
 */
export class DashboardsService {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly repo: DashboardsRepository,
    private readonly tenants: Pick<TenantsService, 'subtreeWithin' | 'scopeWithin' | 'findByKind'>,
    private readonly settings: DashboardsSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async summary(principal: Principal, scopeId: string): Promise<DashboardSummary> {
    const tenantIds = await this.tenants.subtreeWithin(principal, scopeId);
    const entry = await this.entry(tenantIds);
    entry.figures ??= this.figures(entry, tenantIds);
    // Both screens show the map under the figures: its index is brought up to date meanwhile, while the browser
    // draws the figures and loads the map library, instead of after them.
    this.fleet(entry, tenantIds).catch(() => undefined);
    if (!entry.side || this.now() - entry.side.at > this.settings.sideFiguresMs) {
      entry.side = { at: this.now(), value: this.sideFigures(tenantIds) };
    }
    const [figures, side] = await Promise.all([entry.figures, entry.side.value]);
    const { withData, ...co2 } = side.co2;
    return {
      scopeId,
      ...figures,
      locks: side.locks,
      co2: { ...co2, noData: Math.max(0, figures.total - withData) },
    };
  }

  async map(principal: Principal, query: z.output<typeof dashboardMapQuery>): Promise<DashboardMap> {
    const tenantIds = await this.tenants.subtreeWithin(principal, query.scopeId);
    const entry = await this.entry(tenantIds);
    const view = (await this.fleet(entry, tenantIds)).view(query.zoom, query);
    const names = await this.repo.namesOf(view.points.map((p) => p.macId));
    for (const point of view.points) point.name = names.get(point.macId) ?? '';
    return view;
  }

  async reachablePage(
    principal: Principal,
    query: z.output<typeof reachablePageQuery>,
  ): Promise<ReachablePage> {
    const tenantIds = await this.tenants.subtreeWithin(principal, query.scopeId);
    const { rows, total } = await this.repo.rows(tenantIds, {
      offset: query.page * query.size,
      limit: query.size,
      status: query.status,
    });
    return {
      content: rows.map((row) => ({
        SID: row.tenant_id,
        MAC: row.mac,
        NAME: row.name,
        OS: row.os_version,
        FW: row.firmware,
        CS: row.connected ? 1 : 0,
        REG: row.registered ? 1 : 0,
        scopeId: row.tenant_id,
        tenantName: row.tenant_name,
      })),
      page: query.page,
      size: query.size,
      totalElements: total,
      totalPages: Math.ceil(total / query.size),
    };
  }

  /** The free-tier general users scope with its devices; 404 for a caller who does not reach it. */
  async freeTier(principal: Principal): Promise<FreeTierDetails> {
    const scope = await this.tenants.findByKind('free_tier');
    if (!scope) throw notFound('Customer');
    await this.tenants.scopeWithin(principal, scope.id);
    const counts = await this.repo.deviceCounts(scope.id);
    return { scopeId: scope.id, name: scope.name, devices: counts.devices, onlineDevices: counts.online };
  }

  /** The cached entry of a subtree, emptied when its fingerprint moved. */
  private async entry(tenantIds: string[]): Promise<Entry> {
    const key = cacheKey(tenantIds);
    const fingerprint = await this.repo.fingerprint(tenantIds);
    let entry = this.cache.get(key);
    const now = this.now();
    if (entry && (entry.fingerprint.key !== fingerprint.key || now - entry.at > this.settings.maxAgeMs)) {
      entry = { fingerprint, at: now, side: entry.side, fleet: entry.fleet, facts: entry.facts };
    }
    entry ??= { fingerprint, at: now, fleet: {}, facts: {} };
    // Re-inserted: the map's order is the recency order.
    this.cache.delete(key);
    this.cache.set(key, entry);
    while (this.cache.size > this.settings.cachedScopes) this.cache.delete(this.cache.keys().next().value!);
    return entry;
  }

  /**
   * The subtree's facts at the entry's fingerprint, kept as the map index is: the changes since the last read
   * applied, read in full at first and when gateways left the subtree. After maxAgeMs a full read runs beside
   * them and replaces them (as the index's: a first visit after a quiet minute is not kept waiting for it).
   */
  private async keptFacts(entry: Entry, tenantIds: string[]): Promise<FleetFigures> {
    const slot = entry.facts;
    const fingerprint = entry.fingerprint;
    const previous = slot.state;
    const next = (async (): Promise<KeptFacts> => {
      const base = await previous?.catch(() => undefined);
      if (!base || base.fingerprint.gone !== fingerprint.gone) return this.readFacts(tenantIds, fingerprint);
      if (base.fingerprint.key === fingerprint.key) return base;
      const since = base.fingerprint.last - this.settings.changeOverlapMs;
      base.figures.apply(await this.repo.facts(tenantIds, since));
      return { ...base, fingerprint };
    })();
    slot.state = next;
    const kept = await next;
    this.refreshWhenOld(slot, kept.readAt, (latest) => this.readFacts(tenantIds, latest), tenantIds);
    return kept.figures;
  }

  /** Resolves when a maxAgeMs full read may start (backstopDelayMs from now). */
  /**
   * After maxAgeMs a slot's data is read in full again beside the answer (never before it), once at a time; the
   * fresh read replaces what the slot holds when it is done.
   */
  private refreshWhenOld<T>(
    slot: { state?: Promise<T>; refreshing?: boolean },
    readAt: number,
    read: (latest: Fingerprint) => Promise<T>,
    tenantIds: string[],
  ): void {
    if (slot.refreshing || this.now() - readAt <= this.settings.maxAgeMs) return;
    slot.refreshing = true;
    this.backstop()
      .then(() => this.repo.fingerprint(tenantIds))
      .then(read)
      .then(
        (fresh) => {
          const current = slot.state ?? Promise.resolve(fresh);
          slot.state = current.then(
            () => fresh,
            () => fresh,
          );
        },
        () => undefined,
      )
      .finally(() => {
        slot.refreshing = false;
      });
  }

  private backstop(): Promise<void> {
    const delay = this.settings.backstopDelayMs ?? 0;
    if (delay <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, delay).unref());
  }

  /** Every gateway's facts of the subtree, read at `fingerprint` (read before the rows). */
  private async readFacts(tenantIds: string[], fingerprint: Fingerprint): Promise<KeptFacts> {
    const readAt = this.now();
    const figures = new FleetFigures(await this.repo.facts(tenantIds));
    figures.groups(); // counted now, once, rather than in the next call that needs them
    return { figures, fingerprint, readAt };
  }

  private async figures(entry: Entry, tenantIds: string[]): Promise<Figures> {
    const groups = (await this.keptFacts(entry, tenantIds)).groups();
    const of = (dimension: GroupCount['dimension']) => groups.filter((g) => g.dimension === dimension);
    const status = of('status');
    const sum = (rows: GroupCount[], pick: (g: GroupCount) => number) =>
      rows.reduce((n, g) => n + pick(g), 0);
    const total = sum(status, (g) => g.count);
    const online = sum(status, (g) => g.online);
    const registered = sum(status, (g) => g.registered);
    const located = sum(status, (g) => g.located ?? 0);
    const tenantRows = of('tenant').sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    const names = await this.repo.tenantNames(tenantRows.map((g) => g.key));
    const shown = tenantRows.slice(0, DASHBOARD_TOP_VALUES);
    const rest = tenantRows.slice(DASHBOARD_TOP_VALUES);
    return {
      total,
      connectivity: { online, offline: total - online },
      enrollment: { registered, unregistered: total - registered },
      firmware: distribution(of('firmware')),
      os: distribution(of('os')),
      customers: [
        ...shown.map((g) => ({
          scopeId: g.key,
          tenantName: names.get(g.key) ?? '',
          count: g.count,
          online: g.online,
        })),
        ...(rest.length > 0
          ? [
              {
                scopeId: null,
                tenantName: 'Others',
                count: sum(rest, (g) => g.count),
                online: sum(rest, (g) => g.online),
              },
            ]
          : []),
      ],
      located,
    };
  }

  private async sideFigures(tenantIds: string[]): Promise<SideFigures> {
    const since = Math.floor(this.now() / HOUR_MS) * HOUR_MS - HOUR_MS;
    const [locks, co2] = await Promise.all([
      this.repo.lockCounts(tenantIds),
      this.repo.co2Bands(tenantIds, since),
    ]);
    return { locks, co2 };
  }

  /**
   * The subtree's map index at the entry's fingerprint: the one kept, as it is when the fingerprint did not move;
   * otherwise with the gateways changed since its last read applied (connectivity in place; a gateway that
   * joined, left or moved: a new index from memory); read in full at first and when gateways left the subtree.
   * After maxAgeMs a full read runs beside it and replaces it (a change stamped by a slow clock is caught then).
   */
  private async fleet(entry: Entry, tenantIds: string[]): Promise<FleetClusters> {
    const slot = entry.fleet;
    const fingerprint = entry.fingerprint;
    const previous = slot.state;
    const next = (async (): Promise<Fleet> => {
      const base = await previous?.catch(() => undefined);
      if (!base || base.fingerprint.gone !== fingerprint.gone) return this.readFleet(tenantIds, fingerprint);
      if (base.fingerprint.key === fingerprint.key) return base;
      return this.advanceFleet(slot, base, tenantIds, fingerprint);
    })();
    slot.state = next;
    const fleet = await next;
    this.refreshWhenOld(slot, fleet.readAt, (latest) => this.readFleet(tenantIds, latest), tenantIds);
    return fleet.clusters;
  }

  /** Every located gateway of the subtree, read at `fingerprint` (read before the rows). */
  private async readFleet(tenantIds: string[], fingerprint: Fingerprint): Promise<Fleet> {
    const readAt = this.now();
    const located = await this.repo.located(tenantIds);
    const names = await this.repo.tenantNames([...new Set(located.map((g) => g.tenant_id))]);
    return { clusters: new FleetClusters(located, names), fingerprint, readAt };
  }

  /**
   * The index brought from its fingerprint to `fingerprint` with the gateways changed since: connectivity in
   * place; when a gateway joined, left or moved, the same index is kept (those gateways hidden from its single
   * points) and a new one is built from memory off the request path, rebuildDelayMs later.
   */
  private async advanceFleet(
    slot: FleetSlot,
    base: Fleet,
    tenantIds: string[],
    fingerprint: Fingerprint,
  ): Promise<Fleet> {
    const changes = await this.repo.changedSince(
      tenantIds,
      base.fingerprint.last - this.settings.changeOverlapMs,
    );
    if (slot.rebuild?.clusters === base.clusters) {
      slot.rebuild.changes.push(...changes);
      base.clusters.interim(changes);
      return { ...base, fingerprint };
    }
    const applied = base.clusters.apply(changes);
    if (applied instanceof FleetClusters) return { ...base, fingerprint };
    base.clusters.interim(changes);
    slot.rebuild = { clusters: base.clusters, changes: [...changes] };
    slot.rebuild.timer = setTimeout(() => this.rebuildFleet(slot), this.settings.rebuildDelayMs ?? 250);
    slot.rebuild.timer.unref?.();
    return { ...base, fingerprint };
  }

  /**
   * The pending rebuild, chained after the calls before it: the index in use is replaced by one built from its
   * gateways with every change gathered since (unless a full read replaced it meanwhile).
   */
  private rebuildFleet(slot: FleetSlot): void {
    const previous = slot.state;
    if (!previous) return;
    slot.state = previous
      .then(async (fleet) => {
        const rebuild = slot.rebuild;
        if (!rebuild || rebuild.clusters !== fleet.clusters) return fleet;
        const names = new Map(fleet.clusters.tenantNames);
        const missing = [...new Set(rebuild.changes.map((c) => c.tenant_id))].filter((id) => !names.has(id));
        const found = await this.repo.tenantNames(missing).catch(() => new Map<string, string>());
        for (const [id, name] of found) names.set(id, name);
        // From here on synchronous: no change can be read between gathering and replacing.
        slot.rebuild = undefined;
        const applied = fleet.clusters.apply(rebuild.changes);
        const clusters = applied instanceof FleetClusters ? applied : new FleetClusters(applied, names);
        return { ...fleet, clusters };
      })
      .catch((error) => {
        slot.rebuild = undefined;
        throw error;
      });
  }
}

/** A subtree's cache key: its sorted tenant ids. */
const cacheKey = (tenantIds: string[]) => [...tenantIds].sort().join(',');

/** Values by count (then name), the first DASHBOARD_TOP_VALUES shown, the rest summed as Others. */
function distribution(rows: GroupCount[]): DistributionEntry[] {
  const sorted = [...rows].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const shown: DistributionEntry[] = sorted
    .slice(0, DASHBOARD_TOP_VALUES)
    .map((g) => ({ value: g.key, count: g.count }));
  const rest = sorted.slice(DASHBOARD_TOP_VALUES);
  if (rest.length > 0)
    shown.push({ value: 'Others', count: rest.reduce((n, g) => n + g.count, 0), others: true });
  return shown;
}
