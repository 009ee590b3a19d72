import type { TFunction } from 'i18next';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Spec 001 sections 2 and 9: the chart intervals; 1 month is 30 days, 3 months 90. Each is named by
 * `intervals.{key}` of the catalogue ('1 hour').
 */
export const PRESET_INTERVALS = [
  { key: '1h', ms: HOUR_MS },
  { key: '6h', ms: 6 * HOUR_MS },
  { key: '24h', ms: DAY_MS },
  { key: '1w', ms: 7 * DAY_MS },
  { key: '2w', ms: 14 * DAY_MS },
  { key: '1m', ms: 30 * DAY_MS },
  { key: '3m', ms: 90 * DAY_MS },
] as const;

export type PresetKey = (typeof PRESET_INTERVALS)[number]['key'];
export const DEFAULT_INTERVAL: PresetKey = '1h';

/** What the charts show: a preset ending now, or a custom day range. */
export type GraphInterval = { key: PresetKey } | { key: 'custom'; from: string; to: string };

/** The times one interval covers. */
export interface TimeRange {
  fromTime: number;
  toTime: number;
}

export function presetRange(key: PresetKey, now: number): TimeRange {
  const preset = PRESET_INTERVALS.find((interval) => interval.key === key);
  if (!preset) throw new Error(`unknown interval ${key}`);
  return { fromTime: now - preset.ms, toTime: now };
}

/** The label an interval shows in the selector: the preset's, or 'Custom Range'. */
export const intervalLabel = (interval: GraphInterval, t: TFunction<'telemetry'>): string =>
  t(`intervals.${interval.key}`);
