const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Spec 001 sections 2 and 9: the chart intervals; 1 month is 30 days, 3 months 90. */
export const PRESET_INTERVALS = [
  { key: '1h', label: '1 hour', ms: HOUR_MS },
  { key: '6h', label: '6 hours', ms: 6 * HOUR_MS },
  { key: '24h', label: '24 hours', ms: DAY_MS },
  { key: '1w', label: '1 week', ms: 7 * DAY_MS },
  { key: '2w', label: '2 weeks', ms: 14 * DAY_MS },
  { key: '1m', label: '1 month', ms: 30 * DAY_MS },
  { key: '3m', label: '3 months', ms: 90 * DAY_MS },
] as const;

export type PresetKey = (typeof PRESET_INTERVALS)[number]['key'];
export const CUSTOM_RANGE_LABEL = 'Custom Range';
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
export function intervalLabel(interval: GraphInterval): string {
  if (interval.key === 'custom') return CUSTOM_RANGE_LABEL;
  return PRESET_INTERVALS.find((preset) => preset.key === interval.key)?.label ?? '';
}
