import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatTime } from './date-time.ts';

describe('formatDateTime', () => {
  it("writes 'MMM Do, YYYY h:mm:ss a' in local time", () => {
    expect(formatDateTime(new Date(2025, 0, 5, 15, 4, 5).getTime())).toBe('Jan 5th, 2025 3:04:05 pm');
    expect(formatDateTime(new Date(2024, 11, 22, 0, 0, 9).getTime())).toBe('Dec 22nd, 2024 12:00:09 am');
  });

  it('uses st, nd, rd and th, with th for 11 to 13', () => {
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 23, 31].map((day) =>
      formatDay(new Date(2025, 2, day).getTime()),
    );
    expect(days).toEqual([
      'Mar 1st, 2025',
      'Mar 2nd, 2025',
      'Mar 3rd, 2025',
      'Mar 4th, 2025',
      'Mar 11th, 2025',
      'Mar 12th, 2025',
      'Mar 13th, 2025',
      'Mar 21st, 2025',
      'Mar 23rd, 2025',
      'Mar 31st, 2025',
    ]);
  });

  it('gives the time part alone', () => {
    expect(formatTime(new Date(2025, 0, 5, 12, 30, 0).getTime())).toBe('12:30:00 pm');
  });
});
