import { z } from 'zod';
import { getGatewaysQuery } from './gateways.ts';

/**
 * Dashboards (spec 002 sections 2, 3, 4 and 7; docs/dashboards.md): the customer's Dashboard and the provider's
 * Global Dashboard read the same figures of a scope subtree (GET /api/dashboards/summary), the Locations map
 * reads server-side clusters of one view (GET /api/dashboards/map), and the gateway rows come paged
 * (GET /api/iot-service/reachable/all/page, the spec's "reachable, all, page" variant).
 */
export const dashboardQuery = getGatewaysQuery;

/** Distributions list this many values, the rest summed as one "Others" entry (`value: null`, `others: true`). */
export const DASHBOARD_TOP_VALUES = 12;

/** One bar or slice: the value ('' = none reported) and how many gateways have it. */
export const distributionEntry = z.object({
  value: z.string(),
  count: z.number().int(),
  /** The entry summing every value past the first DASHBOARD_TOP_VALUES (no link: it is many values). */
  others: z.boolean().optional(),
});
export type DistributionEntry = z.infer<typeof distributionEntry>;

/** Gateways Distribution: gateways per customer of the subtree (tenantName as the spec's gateway row). */
export const customerEntry = z.object({
  scopeId: z.string().nullable(),
  tenantName: z.string(),
  count: z.number().int(),
  online: z.number().int(),
});
export type CustomerEntry = z.infer<typeof customerEntry>;

/** Bands of a gateway's average CO2 over the last hour, in ppm (docs/dashboards.md 'The CO2 picture'). */
export const CO2_BANDS = [
  { band: 'good', label: 'Good (< 800 ppm)', below: 800 },
  { band: 'moderate', label: 'Moderate (800-1200 ppm)', below: 1200 },
  { band: 'poor', label: 'Poor (> 1200 ppm)', below: Number.POSITIVE_INFINITY },
] as const;
export type Co2Band = (typeof CO2_BANDS)[number]['band'];

export const dashboardSummary = z.object({
  scopeId: z.string(),
  total: z.number().int(),
  connectivity: z.object({ online: z.number().int(), offline: z.number().int() }),
  enrollment: z.object({ registered: z.number().int(), unregistered: z.number().int() }),
  firmware: z.array(distributionEntry),
  os: z.array(distributionEntry),
  customers: z.array(customerEntry),
  /** Gateways with a location (LAT and LNG), i.e. on the map. */
  located: z.number().int(),
  /**
   * Locks behind the subtree's gateways: how many, how many report a battery under LOW_BATTERY_PERCENT, and the
   * credentials given on them not yet delivered (the lock-access ledger's grants pending, sent, failed).
   */
  locks: z.object({
    total: z.number().int(),
    lowBattery: z.number().int(),
    credentials: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  }),
  /** Gateways per CO2 band (average of the last hour); `noData` had no CO2 reading in that hour. */
  co2: z.object({
    good: z.number().int(),
    moderate: z.number().int(),
    poor: z.number().int(),
    noData: z.number().int(),
    /** Fleet average over the last hour (ppm), null without readings. */
    average: z.number().nullable(),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** A lock's battery below this share counts as low (the Dashboard's 'Locks with low battery'). */
export const LOW_BATTERY_PERCENT = 20;

/** Map views: zoom 0 (the world) to MAP_MAX_ZOOM; clusters stop forming past MAP_CLUSTER_MAX_ZOOM. */
export const MAP_MAX_ZOOM = 19;
export const MAP_CLUSTER_MAX_ZOOM = 16;
/** At most this many single gateways in one view's answer (a denser view says `truncated`). */
export const MAP_MAX_POINTS = 2000;

const longitude = z.coerce.number().min(-180).max(180);
const latitude = z.coerce.number().min(-90).max(90);

/** GET /api/dashboards/map: one view of the Locations map (its zoom and bounds; west may exceed east over 180°). */
export const dashboardMapQuery = dashboardQuery.extend({
  zoom: z.coerce.number().int().min(0).max(MAP_MAX_ZOOM),
  west: longitude,
  south: latitude,
  east: longitude,
  north: latitude,
});
export type DashboardMapQuery = z.input<typeof dashboardMapQuery>;

/** A cluster: its place, size and online/offline split, the zoom that opens it, and its gateways' bounds. */
export const mapCluster = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  expansionZoom: z.number().int(),
  /** [west, south, east, north] of the cluster's gateways (the gateways list's area filter). */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type MapCluster = z.infer<typeof mapCluster>;

/** A single gateway on the map. */
export const mapPoint = z.object({
  macId: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  online: z.boolean(),
  scopeId: z.string(),
  tenantName: z.string(),
});
export type MapPoint = z.infer<typeof mapPoint>;

export const dashboardMap = z.object({
  zoom: z.number().int(),
  clusters: z.array(mapCluster),
  points: z.array(mapPoint),
  /** Gateways with a location in the whole subtree (not only this view). */
  located: z.number().int(),
  truncated: z.boolean(),
});
export type DashboardMap = z.infer<typeof dashboardMap>;

/** The dashboard gateway row (spec 002 section 3): SID, MAC, NAME, OS, FW, CS, scopeId, tenantName. */
export const dashboardGatewayRow = z.object({
  SID: z.string(),
  MAC: z.string(),
  NAME: z.string(),
  OS: z.string().nullable(),
  FW: z.string().nullable(),
  CS: z.union([z.literal(0), z.literal(1)]),
  REG: z.union([z.literal(0), z.literal(1)]),
  scopeId: z.string(),
  tenantName: z.string(),
});
export type DashboardGatewayRow = z.infer<typeof dashboardGatewayRow>;

export const DASHBOARD_PAGE_SIZE_MAX = 500;

/** GET /api/iot-service/reachable/all/page: every gateway of the subtree (or only `status`), by name, paged. */
export const reachablePageQuery = dashboardQuery.extend({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(DASHBOARD_PAGE_SIZE_MAX).default(25),
  status: z.enum(['online', 'offline']).optional(),
});
export type ReachablePageQuery = z.input<typeof reachablePageQuery>;

export const reachablePage = z.object({
  content: z.array(dashboardGatewayRow),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type ReachablePage = z.infer<typeof reachablePage>;

/** GET /freeTierDetails: the free-tier general users scope and its devices (404 outside the caller's reach). */
export const freeTierDetails = z.object({
  scopeId: z.string(),
  name: z.string(),
  devices: z.number().int(),
  onlineDevices: z.number().int(),
});
export type FreeTierDetails = z.infer<typeof freeTierDetails>;

/** The gateways list's area filter (?area=west,south,east,north), from a map cluster. */
export const gatewayAreaFilter = z
  .string()
  .max(120)
  .transform((text, ctx) => {
    const parts = text.split(',').map(Number);
    const [west, south, east, north] = parts as [number, number, number, number];
    const valid =
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      Math.abs(west) <= 180 &&
      Math.abs(east) <= 180 &&
      Math.abs(south) <= 90 &&
      Math.abs(north) <= 90 &&
      south <= north;
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: 'area must be west,south,east,north' });
      return z.NEVER;
    }
    return { west, south, east, north };
  });
export type GatewayArea = z.output<typeof gatewayAreaFilter>;

/** The text of the Locations map when its tiles cannot be loaded (markers and clusters are still drawn). */
export const dashboardMessages = {
  tilesUnavailable: 'Map tiles could not be loaded. Gateways and clusters are still shown.',
  noLocations: 'No gateway has a location yet.',
  noGateways: 'No gateways yet.',
} as const;
