import { describe, expect, it } from 'vitest';
import { DAY, DAYS_AHEAD, dayPartitionName, parseBound, wantedDays } from './partitions.repository.ts';

describe('telemetry partitions', () => {
  it('names a day partition after its UTC date', () => {
    expect(dayPartitionName(Date.UTC(2026, 11, 7))).toBe('telemetry_p20261207');
    expect(dayPartitionName(Date.UTC(2027, 0, 1))).toBe('telemetry_p20270101');
  });

  it('reads the bounds PostgreSQL prints, open ends and the default included', () => {
    expect(
      parseBound('telemetry_p20261207', "FOR VALUES FROM ('1796601600000') TO ('1796688000000')"),
    ).toEqual({
      name: 'telemetry_p20261207',
      from: 1796601600000,
      to: 1796688000000,
      isDefault: false,
    });
    expect(parseBound('telemetry_legacy', "FOR VALUES FROM (MINVALUE) TO ('1796688000000')")).toEqual({
      name: 'telemetry_legacy',
      from: null,
      to: 1796688000000,
      isDefault: false,
    });
    expect(parseBound('telemetry_default', 'DEFAULT')).toEqual({
      name: 'telemetry_default',
      from: null,
      to: null,
      isDefault: true,
    });
  });

  it('wants the days from `behind` days back to DAYS_AHEAD days after today, whatever the hour', () => {
    const today = Date.UTC(2026, 11, 7);
    for (const now of [today, today + DAY - 1]) {
      const days = wantedDays(now, 4);
      expect(days[0]).toBe(today - 4 * DAY);
      expect(days.at(-1)).toBe(today + DAYS_AHEAD * DAY);
      expect(days).toHaveLength(4 + 1 + DAYS_AHEAD);
    }
    expect(wantedDays(today, 0)[0]).toBe(today);
  });
});
