import { MAX_POINTS_PER_SERIES } from '@portal/contract';
import { ROLLUPS, type RollupTable } from '../../db/metrics.ts';

export interface SeriesPlan {
  source: 'telemetry' | RollupTable;
  /** Width of one output bucket, ms; each bucket gives at most two points (its minimum and maximum). */
  bucketMs: number;
}

/**
 * Picks the cheapest table that can answer a range with at most MAX_POINTS_PER_SERIES points: raw samples
 * for short ranges, the minute rollup up to about a week, the hour rollup beyond.
 */
export function planSeries(fromTime: number, toTime: number, rawSince = 0): SeriesPlan {
  const wanted = Math.max(1, Math.ceil((toTime - fromTime) / (MAX_POINTS_PER_SERIES / 2)));
  // Raw samples before `rawSince` are gone (retention): the minute rollup answers instead.
  if (wanted < ROLLUPS.telemetry_1m && fromTime >= rawSince) return { source: 'telemetry', bucketMs: wanted };
  const source: RollupTable = wanted < ROLLUPS.telemetry_1h ? 'telemetry_1m' : 'telemetry_1h';
  const size = ROLLUPS[source];
  return { source, bucketMs: Math.ceil(wanted / size) * size };
}
