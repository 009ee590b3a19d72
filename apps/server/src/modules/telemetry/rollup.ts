import { METRIC_COLUMNS, type Metric } from '../../db/metrics.ts';

export type SampleRow = { mac: string; ti: number } & { [M in Metric]: number | null };

export type RollupRow = { mac: string; bucket: number } & {
  [M in Metric as `${M}_min` | `${M}_max`]: number | null;
} & { [M in Metric as `${M}_sum` | `${M}_n`]: number };

/** Folds samples into buckets of `size` ms: per metric its min, max, sum and count. */
export function rollUp(samples: SampleRow[], size: number): RollupRow[] {
  const buckets = new Map<string, RollupRow>();
  for (const sample of samples) {
    const bucket = Math.floor(sample.ti / size) * size;
    const key = `${sample.mac}|${bucket}`;
    let row = buckets.get(key);
    if (!row) {
      row = { mac: sample.mac, bucket } as RollupRow;
      for (const m of METRIC_COLUMNS) {
        row[`${m}_min`] = null;
        row[`${m}_max`] = null;
        row[`${m}_sum`] = 0;
        row[`${m}_n`] = 0;
      }
      buckets.set(key, row);
    }
    for (const m of METRIC_COLUMNS) {
      const value = sample[m];
      if (value === null) continue;
      const min = row[`${m}_min`];
      const max = row[`${m}_max`];
      row[`${m}_min`] = min === null ? value : Math.min(min, value);
      row[`${m}_max`] = max === null ? value : Math.max(max, value);
      row[`${m}_sum`] += value;
      row[`${m}_n`] += 1;
    }
  }
  return [...buckets.values()];
}
