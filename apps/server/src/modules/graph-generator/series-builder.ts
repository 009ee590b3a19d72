import {
  GRAPH_MAX_SERIES,
  type GraphAggregation,
  type GraphGrouping,
  type GraphInterval,
  type GraphSeries,
} from '@portal/contract';
import type { CatalogueGateway } from './catalogue.ts';
import type { BucketRow } from './readings.repository.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const INTERVAL_MS: Record<Exclude<GraphInterval, 'auto'>, number> = { minute: MINUTE, hour: HOUR, day: DAY };
/** At most this many points per series: an asked-for interval finer than that is widened (and said so). */
export const MAX_GRAPH_POINTS = 500;

/** The bucket width: the asked interval, widened to keep at most 500 points; whole minutes, hours when long. */
export function bucketWidth(interval: GraphInterval, span: number): { bucketMs: number; widened: boolean } {
  let auto = Math.max(MINUTE, Math.ceil(span / MAX_GRAPH_POINTS / MINUTE) * MINUTE);
  if (auto > HOUR) auto = Math.ceil(auto / HOUR) * HOUR;
  if (interval === 'auto') return { bucketMs: auto, widened: false };
  const asked = INTERVAL_MS[interval];
  return asked >= auto ? { bucketMs: asked, widened: false } : { bucketMs: auto, widened: true };
}

interface Fold {
  lo: number | null;
  hi: number | null;
  total: number;
  n: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function pointValue(fold: Fold, aggregation: GraphAggregation): number | null {
  switch (aggregation) {
    case 'min':
      return fold.lo === null ? null : round2(fold.lo);
    case 'max':
      return fold.hi === null ? null : round2(fold.hi);
    case 'sum':
      return round2(fold.total);
    case 'count':
      return fold.n;
    default:
      return fold.n === 0 ? null : round2(fold.total / fold.n);
  }
}

/** The group(s) a gateway's line joins. */
function groupsOf(gateway: CatalogueGateway, groupBy: GraphGrouping, allLabel: string): string[] {
  if (groupBy === 'gateway') return [`${gateway.name}|${gateway.mac}`];
  if (groupBy === 'all') return [allLabel];
  if (groupBy === 'location') return [gateway.places[0] ?? 'no location'];
  return gateway.tags.length > 0 ? gateway.tags : ['untagged'];
}

/**
 * Folds the gateways' buckets into the chart's series: one per gateway, one for all, or one per location or
 * tag; a group's bucket combines its gateways' (average of every reading, lowest, highest, sums, counts).
 */
export function buildSeries(
  rows: BucketRow[],
  gateways: CatalogueGateway[],
  options: { groupBy: GraphGrouping; aggregation: GraphAggregation; allLabel: string },
): { series: GraphSeries[]; dropped: number } {
  const byMac = new Map(gateways.map((g) => [g.mac, g]));
  const groups = new Map<string, { macs: Set<string>; buckets: Map<number, Fold> }>();
  for (const g of gateways) {
    for (const key of groupsOf(g, options.groupBy, options.allLabel)) {
      const group = groups.get(key) ?? { macs: new Set(), buckets: new Map() };
      group.macs.add(g.mac);
      groups.set(key, group);
    }
  }
  for (const row of rows) {
    const gateway = byMac.get(row.mac);
    if (!gateway) continue;
    for (const key of groupsOf(gateway, options.groupBy, options.allLabel)) {
      const buckets = groups.get(key)!.buckets;
      const fold = buckets.get(row.slot) ?? { lo: null, hi: null, total: 0, n: 0 };
      if (row.lo !== null) fold.lo = fold.lo === null ? row.lo : Math.min(fold.lo, row.lo);
      if (row.hi !== null) fold.hi = fold.hi === null ? row.hi : Math.max(fold.hi, row.hi);
      fold.total += row.total;
      fold.n += row.n;
      buckets.set(row.slot, fold);
    }
  }
  const all = [...groups.entries()]
    .filter(([, group]) => group.buckets.size > 0)
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  const series = all.slice(0, GRAPH_MAX_SERIES).map(([key, group]) => ({
    label: options.groupBy === 'gateway' ? key.slice(0, key.lastIndexOf('|')) : key,
    macs: [...group.macs].sort(),
    points: [...group.buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([TI, fold]) => ({ TI, value: pointValue(fold, options.aggregation) })),
  }));
  return { series, dropped: all.length - series.length };
}
