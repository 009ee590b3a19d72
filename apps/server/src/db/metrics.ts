import type { TelemetrySample } from '@portal/contract';

/** Stored sensor columns, and the short key each carries in device messages (spec 001 section 3). */
export const METRICS = {
  co2: 'CO2',
  temp: 'TEMP',
  nh3: 'NH3',
  no2: 'NO2',
  co: 'CO',
  rstc: 'RSTC',
  tvoc: 'TVOC',
  cp: 'CP',
  mm: 'MM',
} as const satisfies Record<string, keyof TelemetrySample>;

export type Metric = keyof typeof METRICS;
export const METRIC_COLUMNS = Object.keys(METRICS) as Metric[];

/** Rollup resolutions kept up to date as samples arrive. */
export const ROLLUPS = { telemetry_1m: 60_000, telemetry_1h: 3_600_000 } as const;
export type RollupTable = keyof typeof ROLLUPS;
