import type { GatewaySortKey, GatewaySortOrder } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, Gateway } from '../../db/schema.ts';
import { encodeCursor, type GatewayCursor, seekable } from './gateway-cursor.ts';
import { type DashboardMatch, dashboardConditions } from './gateway-dashboard-filters.ts';

/** Which gateways of a scope subtree a list shows: the page's search and 'Filtered by :' filters. */
export interface GatewayMatch extends DashboardMatch {
  /** The subtree's tenants (null: every tenant). */
  tenantIds: string[] | null;
  search?: string;
  status?: 'online' | 'offline';
  enrollment?: 'registered' | 'unregistered';
  name?: string;
}

export interface GatewayOrder {
  sort: GatewaySortKey;
  order: GatewaySortOrder;
}

/** Case and white space do not count (the browser's rule, apps/web gateway-search.ts). */
export const squash = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The WHERE condition of a match over `gateways AS g` (migrations/0013 has `search_text`). */
function matchCondition(match: GatewayMatch): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [];
  if (match.tenantIds) {
    conditions.push(
      match.tenantIds.length === 0
        ? sql`false`
        : sql`g.tenant_id IN (${sql.join(match.tenantIds.map((id) => sql`${id}::uuid`))})`,
    );
  }
  const wanted = squash(match.search ?? '');
  if (wanted !== '') {
    conditions.push(
      sql`(strpos(g.search_text, ${wanted}) > 0 OR strpos(CASE WHEN g.connected THEN 'online' ELSE 'offline' END, ${wanted}) > 0)`,
    );
  }
  if (match.status) conditions.push(sql`g.connected = ${match.status === 'online'}`);
  if (match.enrollment) conditions.push(sql`g.registered = ${match.enrollment === 'registered'}`);
  const name = match.name?.trim().toLowerCase();
  if (name) conditions.push(sql`lower(btrim(g.name)) = ${name}`);
  conditions.push(...dashboardConditions(match));
  return conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

const LATEST_COLUMNS: Partial<Record<GatewaySortKey, string>> = {
  co2: 'co2',
  temperature: 'temp',
  lastUpdate: 'ti',
};

/**
 * ORDER BY of a sort key (the list view's columns; docs/ui.md): the column either way, rows without a value
 * last in both directions, ties by name then MAC ascending. By name: name then MAC, both in the chosen
 * direction, so the name indexes serve it read forwards or backwards.
 */
function orderBy({ sort, order }: GatewayOrder): RawBuilder<unknown> {
  const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
  const byName = sql`lower(g.name) ASC, g.mac ASC`;
  const valueFirst = (value: RawBuilder<unknown>) => sql`(${value}) IS NULL, ${value} ${dir}, ${byName}`;
  switch (sort) {
    case 'name':
      return sql`lower(g.name) ${dir}, g.mac ${dir}`;
    case 'macId':
      return sql`g.mac ${dir}`;
    case 'customer':
      return valueFirst(sql`(SELECT lower(t.name) FROM tenants t WHERE t.id = g.tenant_id)`);
    case 'status':
      return sql`g.connected ${dir}, ${byName}`;
    case 'since':
      return valueFirst(sql`CASE WHEN g.connected THEN g.last_online_at ELSE g.last_offline_at END`);
    case 'firmware':
      return valueFirst(sql`nullif(lower(btrim(g.firmware)), '')`);
    case 'os':
      return valueFirst(sql`nullif(lower(btrim(g.os_version)), '')`);
    default:
      return valueFirst(sql.ref(`latest.${LATEST_COLUMNS[sort]}`));
  }
}

/** The gateways page's list: windows of a match in an order, and its counts (issue 14.9). */
export class GatewayListRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `limit` gateways from `offset` on (or, by a keyset seek, just after the row of a cursor `after`), in two
   * steps: the window's MACs (`macs`: for a customer's own list in an order other than a reading, an index-only
   * scan, so a deep offset skips index entries and never visits the table; migrations/0024), then those rows.
   * In an order that can seek (GATEWAY_SEEK_SORTS) the window also gives the cursor of its last row (`next`).
   */
  async window(
    match: GatewayMatch,
    order: GatewayOrder,
    offset: number,
    limit: number,
    after?: GatewayCursor,
  ): Promise<{ gateways: Gateway[]; offset: number; next?: string }> {
    const start = after?.position ?? offset;
    let macs: string[];
    let next: string | undefined;
    if (seekable(order.sort)) {
      const keys = await this.seek(match, order, limit, offset, after?.key);
      macs = keys.map((row) => row.mac);
      const last = keys.at(-1);
      if (last)
        next = encodeCursor({
          ...order,
          position: start + keys.length,
          key: order.sort === 'name' ? [last.name_key ?? '', last.mac] : [last.mac],
        });
    } else {
      macs = await this.macs(match, order, limit, offset);
    }
    if (macs.length === 0) return { gateways: [], offset: start };
    const rows = await this.db.selectFrom('gateways').selectAll().where('mac', 'in', macs).execute();
    const byMac = new Map(rows.map((row) => [row.mac, withoutSearchText(row)]));
    return { gateways: macs.flatMap((mac) => byMac.get(mac) ?? []), offset: start, next };
  }

  /**
   * A window's MACs (and name keys) in an order that can seek: from `offset` on, or after the key of a cursor.
   * The seek is one row comparison in the order's direction, `(lower(g.name), g.mac) > (…)` (`<` descending),
   * which the name indexes (0013 `gateways_name_idx`, 0024 `gateways_tenant_name_idx`) or the MAC's unique
   * index answer as an index range: the window reads about as many entries as it shows, however deep. The scope
   * filter (`matchCondition`) stays in the query, so a cursor can only choose where to start among the
   * caller's own gateways.
   */
  private async seek(
    match: GatewayMatch,
    order: GatewayOrder,
    limit: number,
    offset: number,
    after: string[] | undefined,
  ): Promise<{ mac: string; name_key: string | null }[]> {
    if (match.tenantIds?.length === 0) return [];
    const byName = order.sort === 'name';
    const columns = byName ? sql`(lower(g.name), g.mac)` : sql`g.mac`;
    const key = after && (byName ? sql`(${after[0]}::text, ${after[1]}::text)` : sql`${after[0]}::text`);
    const seek = key
      ? order.order === 'desc'
        ? sql`AND ${columns} < ${key}`
        : sql`AND ${columns} > ${key}`
      : sql``;
    const result = await sql<{ mac: string; name_key: string | null }>`
      SELECT g.mac, ${byName ? sql`lower(g.name)` : sql`NULL::text`} AS name_key FROM gateways g
      WHERE ${matchCondition(match)} ${seek}
      ORDER BY ${orderBy(order)}
      ${!key && offset > 0 ? sql`OFFSET ${offset}` : sql``}
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  /**
   * The MACs of a match in its order, `limit` of them from `offset` on (all without a limit: the 'Select
   * Gateways' of delete mode). A sort by a reading (CO2, temperature, last update) joins each gateway's newest
   * sample (`telemetry_latest`).
   */
  async macs(match: GatewayMatch, order: GatewayOrder, limit?: number, offset = 0): Promise<string[]> {
    if (match.tenantIds?.length === 0) return [];
    if (order.sort === 'co2') return this.macsByCo2(match, order.order, limit, offset);
    const reading = LATEST_COLUMNS[order.sort] !== undefined;
    const latest = reading ? sql`LEFT JOIN telemetry_latest latest ON latest.mac = g.mac` : sql``;
    const result = await sql<{ mac: string }>`
      SELECT g.mac FROM gateways g ${latest}
      WHERE ${matchCondition(match)}
      ORDER BY ${orderBy(order)}
      ${offset > 0 ? sql`OFFSET ${offset}` : sql``}
      ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`.execute(this.db);
    return result.rows.map((row) => row.mac);
  }

  /**
   * The sort by CO2 (migrations/0032) in its two parts, which together give exactly `orderBy`'s order: the
   * gateways whose newest sample has a CO2 reading, read in CO2 order from `telemetry_latest_co2_idx` (ties
   * by name then MAC: an incremental sort within each CO2 value), then those without one, by name then MAC
   * (the name index). A first window thus reads about as many rows as it shows instead of sorting the
   * subtree. A window past the readings asks how many readings match, to know where it starts among the rest.
   */
  private async macsByCo2(
    match: GatewayMatch,
    order: GatewaySortOrder,
    limit: number | undefined,
    offset: number,
  ): Promise<string[]> {
    const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
    const readings = (select: RawBuilder<unknown>, tail: RawBuilder<unknown>) => sql<{
      mac: string;
      n: string;
    }>`
      SELECT ${select} FROM telemetry_latest latest JOIN gateways g ON g.mac = latest.mac
      WHERE latest.co2 IS NOT NULL AND ${matchCondition(match)} ${tail}`;
    const window = (from: number, count: number | undefined) =>
      sql`${from > 0 ? sql`OFFSET ${from}` : sql``} ${count === undefined ? sql`` : sql`LIMIT ${count}`}`;
    const withReading = (
      await readings(
        sql`g.mac`,
        sql`ORDER BY latest.co2 ${dir}, lower(g.name) ASC, g.mac ASC ${window(offset, limit)}`,
      ).execute(this.db)
    ).rows.map((row) => row.mac);
    if (limit !== undefined && withReading.length === limit) return withReading;
    // Where the window starts among the gateways without a reading: past every reading that matches.
    let readingCount = offset + withReading.length;
    if (withReading.length === 0 && offset > 0) {
      const counted = await readings(sql`count(*) AS n`, sql``).execute(this.db);
      readingCount = Number(counted.rows[0]?.n ?? 0);
    }
    const withoutReading = await sql<{ mac: string }>`
      SELECT g.mac FROM gateways g LEFT JOIN telemetry_latest latest ON latest.mac = g.mac
      WHERE latest.co2 IS NULL AND ${matchCondition(match)}
      ORDER BY lower(g.name) ASC, g.mac ASC
      ${window(Math.max(0, offset - readingCount), limit === undefined ? undefined : limit - withReading.length)}`.execute(
      this.db,
    );
    return [...withReading, ...withoutReading.rows.map((row) => row.mac)];
  }

  /**
   * In one pass over the subtree: how many match, how many there are, and whether any belongs to another
   * tenant than `scopeId`.
   */
  async counts(
    match: GatewayMatch,
    scopeId: string,
  ): Promise<{ total: number; scopeTotal: number; mixed: boolean }> {
    if (match.tenantIds?.length === 0) return { total: 0, scopeTotal: 0, mixed: false };
    const scopeOnly: GatewayMatch = { tenantIds: match.tenantIds };
    const result = await sql<{ total: number | string; scope_total: number | string; mixed: boolean | null }>`
      SELECT count(*) FILTER (WHERE ${matchCondition({ ...match, tenantIds: null })}) AS total,
             count(*) AS scope_total,
             bool_or(g.tenant_id <> ${scopeId}::uuid) AS mixed
      FROM gateways g
      WHERE ${matchCondition(scopeOnly)}`.execute(this.db);
    const row = result.rows[0];
    return {
      total: Number(row?.total ?? 0),
      scopeTotal: Number(row?.scope_total ?? 0),
      mixed: row?.mixed === true,
    };
  }
}

/** `search_text` serves the search only. */
function withoutSearchText(row: Gateway & { search_text?: unknown }): Gateway {
  const { search_text: _searchText, ...gateway } = row;
  return gateway;
}
