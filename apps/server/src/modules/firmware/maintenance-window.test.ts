import { describe, expect, it } from 'vitest';
import { insideWindow } from './maintenance-window.ts';

describe('maintenance window', () => {
  const weekdays = { time_zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], start_minute: 120, end_minute: 300 };

  it('holds from its start minute up to (not including) its end, on its days, in the customer time zone', () => {
    // Monday 2026-11-23 01:59, 02:00, 04:59 and 05:00 in Berlin (UTC+1).
    expect(insideWindow(weekdays, new Date('2026-11-23T00:59:00Z'))).toBe(false);
    expect(insideWindow(weekdays, new Date('2026-11-23T01:00:00Z'))).toBe(true);
    expect(insideWindow(weekdays, new Date('2026-11-23T03:59:00Z'))).toBe(true);
    expect(insideWindow(weekdays, new Date('2026-11-23T04:00:00Z'))).toBe(false);
    // Sunday at 03:00 Berlin is not a listed day.
    expect(insideWindow(weekdays, new Date('2026-11-22T02:00:00Z'))).toBe(false);
  });

  it('runs over midnight into the next morning', () => {
    const friday = { time_zone: 'UTC', days: [5], start_minute: 22 * 60, end_minute: 120 };
    expect(insideWindow(friday, new Date('2026-11-27T22:30:00Z'))).toBe(true);
    expect(insideWindow(friday, new Date('2026-11-28T01:59:00Z'))).toBe(true);
    expect(insideWindow(friday, new Date('2026-11-28T02:00:00Z'))).toBe(false);
    expect(insideWindow(friday, new Date('2026-11-26T23:00:00Z'))).toBe(false);
  });
});
