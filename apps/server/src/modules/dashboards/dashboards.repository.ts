import { LOW_BATTERY_PERCENT } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { gatewayLatitude, gatewayLongitude } from '../gateways/index.ts';

/** The gateways of these tenants over `gateways AS g` (null: every tenant, root). */
function inTenants(tenantIds: string[] | null, column = sql.ref('g.tenant_id')): RawBuilder<boolean> {
  if (!tenantIds) return sql<boolean>`true`;
  if (tenantIds.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${column} IN (${sql.join(tenantIds.map((id) => sql`${id}::uuid`))})`;
}

export interface GroupCount {
  dimension: 'status' | 'firmware' | 'os' | 'tenant';
  key: string;
  online: number;
  registered: number;
  /** Gateways with a place on the map (status groups only). */
  located?: number;
  count: number;
}

export interface LocatedGateway {
  mac: string;
  tenant_id: string;
  connected: boolean;
  lat: number;
  lng: number;
}

/** MACs in code-unit order: the map index's order, whatever the database's collation. */
export const byMac = (a: { mac: string }, b: { mac: string }) => (a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : 0);

/** A gateway as the database has it now (lat/lng null: not on the map). */
export interface GatewayChange {
  mac: string;
  tenant_id: string;
  connected: boolean;
  lat: number | null;
  lng: number | null;
}

/** What the figures count of one gateway (firmware and OS '' when none is reported). */
export interface GatewayFact {
  mac: string;
  tenant_id: string;
  connected: boolean;
  registered: boolean;
  firmware: string;
  os: string;
  located: boolean;
}

/** See DashboardsRepository.fingerprint: `key` changes with either part. */
export interface Fingerprint {
  key: string;
  /** The newest `updated_at` of the subtree's gateways, ms (0: none). */
  last: number;
  /** Gateways that left the subtree's customers (deleted or moved to another customer). */
  gone: number;
}

/** One gateway as a line of text: MAC, latitude, longitude ('-': none), connected (1/0), customer. */
const gatewayLine = sql`g.mac || ' ' || coalesce(${gatewayLatitude}::text, '-') || ' '
  || coalesce(${gatewayLongitude}::text, '-') || ' ' || CASE WHEN g.connected THEN '1' ELSE '0' END
  || ' ' || g.tenant_id`;

function parseLines(lines: string | null | undefined): GatewayChange[] {
  if (!lines) return [];
  return lines.split('\n').map((line) => {
    const [mac, lat, lng, connected, tenantId] = line.split(' ') as [string, string, string, string, string];
    return {
      mac,
      lat: lat === '-' ? null : Number(lat),
      lng: lng === '-' ? null : Number(lng),
      connected: connected === '1',
      tenant_id: tenantId,
    };
  });
}

export interface LockCounts {
  total: number;
  lowBattery: number;
  credentials: { pending: number; sent: number; failed: number };
}

export interface DashboardRowRecord {
  mac: string;
  name: string;
  os_version: string | null;
  firmware: string | null;
  connected: boolean;
  registered: boolean;
  tenant_id: string;
  tenant_name: string;
}

/** The dashboards' reads: every figure is one aggregate statement over the subtree's gateways. */
export class DashboardsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * What changes when any gateway of the subtree is added, changed (status, state, registry: each bumps
   * `updated_at`), moved away or removed (gateway_departures): the newest `updated_at` of each customer (one
   * index lookup each) and the departures. The cached figures are kept while it stays the same; the map index
   * reads the gateways changed since `last` (changedSince) and is built again from every row when `gone` moves.
   */
  async fingerprint(tenantIds: string[]): Promise<Fingerprint> {
    if (tenantIds.length === 0) return { key: 'none', last: 0, gone: 0 };
    const ids = sql.join(tenantIds.map((id) => sql`${id}::uuid`));
    const { rows } = await sql<{ last: Date | null; gone: string | null }>`
      SELECT (SELECT max(newest.updated_at) FROM unnest(ARRAY[${ids}]) AS t(id)
                CROSS JOIN LATERAL (SELECT g.updated_at FROM gateways g WHERE g.tenant_id = t.id
                                    ORDER BY g.updated_at DESC LIMIT 1) newest) AS last,
             (SELECT sum(d.n) FROM gateway_departures d WHERE d.tenant_id IN (${ids})) AS gone`.execute(
      this.db,
    );
    const row = rows[0];
    const last = row?.last ? new Date(row.last).getTime() : 0;
    const gone = Number(row?.gone ?? 0);
    return { key: `${last}:${gone}`, last, gone };
  }

  /**
   * What the figures count of each gateway of the subtree (one JSON text, parsed here), or of those whose
   * `updated_at` is at or after `since` (ms): the changes since the last read.
   */
  async facts(tenantIds: string[], since?: number): Promise<GatewayFact[]> {
    if (tenantIds.length === 0) return [];
    const changed =
      since === undefined ? sql`` : sql`AND g.updated_at >= ${new Date(since).toISOString()}::timestamptz`;
    const { rows } = await sql<{ facts: string | null }>`
      SELECT json_agg(json_build_array(g.mac, g.tenant_id, g.connected, g.registered, coalesce(g.firmware, ''),
                      coalesce(g.os_version, ''), g.map_lat IS NOT NULL AND g.map_lng IS NOT NULL))::text AS facts
      FROM gateways g
      WHERE ${inTenants(tenantIds)} ${changed}`.execute(this.db);
    const text = rows[0]?.facts;
    if (!text) return [];
    return (JSON.parse(text) as [string, string, boolean, boolean, string, string, boolean][]).map(
      ([mac, tenantId, connected, registered, firmware, os, located]) => ({
        mac,
        tenant_id: tenantId,
        connected,
        registered,
        firmware,
        os,
        located,
      }),
    );
  }

  /** Tenant names of these ids. */
  async tenantNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('tenants').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * Every located gateway of the subtree, for the cluster index, in MAC order: MAC, place, connection and
   * customer only, as one text (a row per line) rather than 100,000 row objects; names are read for the gateways
   * a view shows.
   */
  async located(tenantIds: string[] | null): Promise<LocatedGateway[]> {
    const { rows } = await sql<{ lines: string | null }>`
      SELECT string_agg(${gatewayLine}, E'\n') AS lines
      FROM gateways g
      WHERE ${inTenants(tenantIds)} AND ${gatewayLatitude} IS NOT NULL AND ${gatewayLongitude} IS NOT NULL`.execute(
      this.db,
    );
    return parseLines(rows[0]?.lines)
      .map((change) => ({
        ...change,
        lat: change.lat ?? 0,
        lng: change.lng ?? 0,
      }))
      .sort(byMac);
  }

  /**
   * The subtree's gateways whose `updated_at` is at or after `since` (ms), located or not, in the same form as
   * `located`: the map index's changes since its last read (gateways_tenant_updated_idx, one range per customer).
   */
  async changedSince(tenantIds: string[], since: number): Promise<GatewayChange[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<{ lines: string | null }>`
      SELECT string_agg(${gatewayLine}, E'\n') AS lines
      FROM gateways g
      WHERE ${inTenants(tenantIds)} AND g.updated_at >= ${new Date(since).toISOString()}::timestamptz`.execute(
      this.db,
    );
    return parseLines(rows[0]?.lines);
  }

  /** Names of these gateways (the single gateways of one map view). */
  async namesOf(macs: string[]): Promise<Map<string, string>> {
    if (macs.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('gateways')
      .select(['mac', 'name'])
      .where('mac', 'in', macs)
      .execute();
    return new Map(rows.map((row) => [row.mac, row.name]));
  }

  /**
   * Locks of the subtree (not removed), those with a battery under LOW_BATTERY_PERCENT, and the credentials given
   * on them not yet delivered: the ledger's grants (not removals) pending, sent or failed. The same conditions as
   * the locks list's `battery=low` and `access=` filters, which the figures link to.
   */
  async lockCounts(tenantIds: string[] | null): Promise<LockCounts> {
    const locks = inTenants(tenantIds, sql.ref('l.tenant_id'));
    const { rows } = await sql<{ total: string; low: string; pending: string; sent: string; failed: string }>`
      SELECT (SELECT count(*) FROM locks l WHERE l.removed_at IS NULL AND ${locks}) AS total,
             (SELECT count(*) FROM locks l
              WHERE l.removed_at IS NULL AND l.battery_level < ${LOW_BATTERY_PERCENT} AND ${locks}) AS low,
             count(*) FILTER (WHERE a.state = 'pending') AS pending,
             count(*) FILTER (WHERE a.state = 'sent') AS sent,
             count(*) FILTER (WHERE a.state = 'failed') AS failed
      FROM lock_user_access a JOIN locks l ON l.id = a.lock_id
      WHERE a.state IN ('pending', 'sent', 'failed') AND a.revoke_requested_at IS NULL
        AND l.removed_at IS NULL AND ${locks}`.execute(this.db);
    const row = rows[0];
    return {
      total: Number(row?.total ?? 0),
      lowBattery: Number(row?.low ?? 0),
      credentials: {
        pending: Number(row?.pending ?? 0),
        sent: Number(row?.sent ?? 0),
        failed: Number(row?.failed ?? 0),
      },
    };
  }

  /** Each gateway's average CO2 since `since` (hourly rollups), summed into bands; the fleet average. */
  async co2Bands(
    tenantIds: string[] | null,
    since: number,
  ): Promise<{ good: number; moderate: number; poor: number; withData: number; average: number | null }> {
    const { rows } = await sql<{
      good: string;
      moderate: string;
      poor: string;
      n: string;
      average: number | null;
    }>`
      SELECT count(*) FILTER (WHERE avg_co2 < 800) AS good,
             count(*) FILTER (WHERE avg_co2 >= 800 AND avg_co2 <= 1200) AS moderate,
             count(*) FILTER (WHERE avg_co2 > 1200) AS poor,
             count(*) AS n, sum(co2_sum) / nullif(sum(co2_n), 0) AS average
      FROM (
        SELECT r.mac, sum(r.co2_sum) / sum(r.co2_n) AS avg_co2, sum(r.co2_sum) AS co2_sum, sum(r.co2_n) AS co2_n
        FROM telemetry_1h r JOIN gateways g ON g.mac = r.mac
        WHERE ${inTenants(tenantIds)} AND r.bucket >= ${since} AND r.co2_n > 0
        GROUP BY r.mac) per_gateway`.execute(this.db);
    const row = rows[0];
    return {
      good: Number(row?.good ?? 0),
      moderate: Number(row?.moderate ?? 0),
      poor: Number(row?.poor ?? 0),
      withData: Number(row?.n ?? 0),
      average: row?.average == null ? null : Math.round(Number(row.average)),
    };
  }

  /** One page of the subtree's gateway rows by name (then MAC), with the count of all of them. */
  async rows(
    tenantIds: string[] | null,
    options: { offset: number; limit: number; status?: 'online' | 'offline' },
  ): Promise<{ rows: DashboardRowRecord[]; total: number }> {
    const status = options.status ? sql`AND g.connected = ${options.status === 'online'}` : sql``;
    const [page, count] = await Promise.all([
      sql<DashboardRowRecord>`
        SELECT g.mac, g.name, g.os_version, g.firmware, g.connected, g.registered, g.tenant_id,
               t.name AS tenant_name
        FROM gateways g JOIN tenants t ON t.id = g.tenant_id
        WHERE ${inTenants(tenantIds)} ${status}
        ORDER BY lower(g.name), g.mac
        LIMIT ${options.limit} OFFSET ${options.offset}`.execute(this.db),
      sql<{
        n: string;
      }>`SELECT count(*) AS n FROM gateways g WHERE ${inTenants(tenantIds)} ${status}`.execute(this.db),
    ]);
    return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
  }

  /** Gateways of one tenant, and those online. */
  async deviceCounts(tenantId: string): Promise<{ devices: number; online: number }> {
    const { rows } = await sql<{ n: string; online: string }>`
      SELECT count(*) AS n, count(*) FILTER (WHERE connected) AS online FROM gateways
      WHERE tenant_id = ${tenantId}::uuid`.execute(this.db);
    return { devices: Number(rows[0]?.n ?? 0), online: Number(rows[0]?.online ?? 0) };
  }
}
