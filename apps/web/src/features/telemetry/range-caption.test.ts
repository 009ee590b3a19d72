import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/index.ts';
import { customRangeTimes } from './custom-range.ts';
import { presetRange } from './intervals.ts';
import { formatRangeEnd, rangeCaption } from './range-caption.ts';

beforeAll(() => initI18n('en', ['telemetry']));
const english = () => i18n.getFixedT('en', 'telemetry');

describe('range caption', () => {
  it('names a custom range by its days, in the user time zone', () => {
    const interval = { key: 'custom' as const, from: '2026-11-01', to: '2026-11-03' };
    const caption = rangeCaption(interval, customRangeTimes(interval), english());
    expect(caption).toMatch(/^Custom Range: from Nov 1st, 2026 12:00 am to Nov 3rd, 2026 11:59 pm \(.+\)$/);
  });

  it('names a preset by its label and start, ending now', () => {
    const now = new Date(2026, 10, 25, 10, 30).getTime();
    const caption = rangeCaption({ key: '1h' }, presetRange('1h', now), english());
    expect(caption).toMatch(/^1 hour: from Nov 25th, 2026 9:30 am to now/);
  });

  it('writes times on a 12-hour clock', () => {
    expect(formatRangeEnd(new Date(2026, 0, 2, 0, 5).getTime())).toBe('Jan 2nd, 2026 12:05 am');
    expect(formatRangeEnd(new Date(2026, 0, 2, 13, 5).getTime())).toBe('Jan 2nd, 2026 1:05 pm');
  });
});
