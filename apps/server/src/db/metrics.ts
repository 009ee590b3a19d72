import { METRIC_CATALOGUE, storedColumns } from '@portal/contract';

/**
 * Stored sensor columns, and the telemetry key each carries in device messages: the metric catalogue's stored
 * metrics (packages/contract/src/metrics.ts). Each is rolled up into `{column}_min`, `_max`, `_sum`, `_n`.
 */
export const METRICS = storedColumns(METRIC_CATALOGUE);

export type Metric = keyof typeof METRICS;
export const METRIC_COLUMNS = Object.keys(METRICS) as Metric[];

/** Rollup resolutions kept up to date as samples arrive. */
export const ROLLUPS = { telemetry_1m: 60_000, telemetry_1h: 3_600_000 } as const;
export type RollupTable = keyof typeof ROLLUPS;
