import { GRAPH_TEXTS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  customRangeErrors,
  customRangeTimes,
  dayOf,
  isCustomRangeValid,
  withFrom,
  withTo,
} from './custom-range.ts';

const TODAY = '2026-03-10';
const errors = (from: string, to: string) => customRangeErrors({ from, to }, TODAY);

describe('custom graph range', () => {
  it('takes From from 2024-01-01 on, not the day before', () => {
    expect(errors('2024-01-01', '2024-01-05')).toEqual({});
    expect(errors('2023-12-31', '2024-01-05')).toEqual({ from: GRAPH_TEXTS.fromTooEarly });
  });

  it('takes To up to today, not tomorrow', () => {
    expect(errors('2026-03-01', '2026-03-10')).toEqual({});
    expect(errors('2026-03-01', '2026-03-11')).toEqual({ to: GRAPH_TEXTS.toAfterToday });
  });

  it('takes From equal to To, not after it', () => {
    expect(errors('2025-05-05', '2025-05-05')).toEqual({});
    expect(errors('2025-05-06', '2025-05-05')).toEqual({
      from: GRAPH_TEXTS.fromAfterTo,
      to: GRAPH_TEXTS.toBeforeFrom,
    });
  });

  it('takes exactly 3 calendar months, not a day more', () => {
    expect(errors('2025-01-15', '2025-04-15')).toEqual({});
    expect(errors('2025-01-15', '2025-04-16')).toEqual({ range: GRAPH_TEXTS.customRangeTooLong });
    expect(GRAPH_TEXTS.customRangeTooLong).toBe("Custom range can't exceed 3 months.");
    // The 30th of November plus 3 months is the last day of February.
    expect(errors('2024-11-30', '2025-02-28')).toEqual({});
    expect(errors('2024-11-30', '2025-03-01')).toEqual({ range: GRAPH_TEXTS.customRangeTooLong });
  });

  it('needs both dates before Apply is enabled', () => {
    expect(errors('', '2025-01-01')).toEqual({ from: GRAPH_TEXTS.dateRequired });
    expect(errors('2025-01-01', '')).toEqual({ to: GRAPH_TEXTS.dateRequired });
    expect(errors('2025-02-30', '2025-03-01').from).toBe(GRAPH_TEXTS.dateRequired);
    expect(isCustomRangeValid({ from: '', to: '' }, TODAY)).toBe(false);
    expect(isCustomRangeValid({ from: '2025-01-01', to: '2025-01-31' }, TODAY)).toBe(true);
  });

  it('moves To along when From passes it, and leaves it otherwise', () => {
    expect(withFrom({ from: '2025-01-01', to: '2025-01-10' }, '2025-01-20')).toEqual({
      from: '2025-01-20',
      to: '2025-01-20',
    });
    expect(withFrom({ from: '2025-01-01', to: '2025-01-10' }, '2025-01-10')).toEqual({
      from: '2025-01-10',
      to: '2025-01-10',
    });
    expect(withFrom({ from: '2025-01-01', to: '2025-01-10' }, '2025-01-05').to).toBe('2025-01-10');
    expect(withTo({ from: '2025-01-01', to: '2025-01-10' }, '2025-01-07')).toEqual({
      from: '2025-01-01',
      to: '2025-01-07',
    });
  });

  it('covers From from midnight to the end of To at 23:59', () => {
    const { fromTime, toTime } = customRangeTimes({ from: '2025-01-01', to: '2025-01-31' });
    expect(fromTime).toBe(new Date(2025, 0, 1, 0, 0, 0, 0).getTime());
    const end = new Date(toTime);
    expect([end.getDate(), end.getHours(), end.getMinutes()]).toEqual([31, 23, 59]);
    expect(toTime).toBeLessThan(new Date(2025, 1, 1).getTime());
  });

  it('adds calendar months and reads local days', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-10-15', 3)).toBe('2025-01-15');
    expect(dayOf(new Date(2026, 2, 10, 23, 59).getTime())).toBe('2026-03-10');
  });
});
