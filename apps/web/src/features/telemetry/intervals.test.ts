import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/index.ts';
import { DEFAULT_INTERVAL, intervalLabel, PRESET_INTERVALS, presetRange } from './intervals.ts';

beforeAll(() => initI18n('en', ['telemetry']));

describe('graph intervals', () => {
  it('offers the spec intervals, 1 hour first and by default', () => {
    const t = i18n.getFixedT('en', 'telemetry');
    expect(PRESET_INTERVALS.map((interval) => intervalLabel(interval, t))).toEqual([
      '1 hour',
      '6 hours',
      '24 hours',
      '1 week',
      '2 weeks',
      '1 month',
      '3 months',
    ]);
    expect(DEFAULT_INTERVAL).toBe('1h');
    expect(intervalLabel({ key: 'custom', from: '2025-01-01', to: '2025-01-02' }, t)).toBe('Custom Range');
  });

  it('ends a preset now; 1 hour is 3,600,000 ms, 1 month 30 days and 3 months 90', () => {
    const now = 1_800_000_000_000;
    expect(presetRange('1h', now)).toEqual({ fromTime: now - 3_600_000, toTime: now });
    expect(now - presetRange('1m', now).fromTime).toBe(30 * 86_400_000);
    expect(now - presetRange('3m', now).fromTime).toBe(90 * 86_400_000);
  });
});
