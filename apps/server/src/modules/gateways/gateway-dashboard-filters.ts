import { type RawBuilder, sql } from 'kysely';

/**
 * A gateway's latitude and longitude over `gateways AS g`, as the cards show them (registry-fields.ts
 * mergedLocation): the entered address's LAT/LNG when it has them, else the device-reported LCTN's; null
 * without. Stored columns computed on write (migrations/0020_dashboards.ts); the dashboards module reads them too.
 */
export const gatewayLatitude = sql<number | null>`g.map_lat`;
export const gatewayLongitude = sql<number | null>`g.map_lng`;

/** The list filters the dashboards link with (docs/dashboards.md): firmware, OS, one tenant, a map area. */
export interface DashboardMatch {
  firmware?: string;
  os?: string;
  tenant?: string;
  area?: { west: number; south: number; east: number; north: number };
}

export function dashboardConditions(match: DashboardMatch): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (match.firmware !== undefined) conditions.push(sql`coalesce(g.firmware, '') = ${match.firmware}`);
  if (match.os !== undefined) conditions.push(sql`coalesce(g.os_version, '') = ${match.os}`);
  if (match.tenant) conditions.push(sql`g.tenant_id = ${match.tenant}::uuid`);
  if (match.area) {
    const { west, south, east, north } = match.area;
    conditions.push(sql`${gatewayLatitude} BETWEEN ${south}::float8 AND ${north}::float8`);
    // An area across the antimeridian (west > east) is two longitude ranges.
    conditions.push(
      west <= east
        ? sql`${gatewayLongitude} BETWEEN ${west}::float8 AND ${east}::float8`
        : sql`(${gatewayLongitude} >= ${west}::float8 OR ${gatewayLongitude} <= ${east}::float8)`,
    );
  }
  return conditions;
}
