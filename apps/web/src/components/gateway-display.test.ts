import { describe, expect, it } from 'vitest';
import { formatFirmware, formatLastUpdate, formatReading, NO_VALUE } from './gateway-display.ts';

describe('formatFirmware', () => {
  it.each([
    ['20261101', 'FW 2026-11-01'],
    ['v2026-11-01', 'FW 2026-11-01'],
    ['2024.05.17', 'FW 2024-05-17'],
    ['2024-05-17T08:30:00Z', 'FW 2024-05-17'],
    ['2024/12/31', 'FW 2024-12-31'],
    [' 2024.02.29 ', 'FW 2024-02-29'],
  ])('shows the dated version %s as %s', (version, shown) => {
    expect(formatFirmware(version)).toBe(shown);
  });

  it.each([
    ['1.4.2'],
    ['2024.13.01'],
    ['2023.02.29'],
    ['2024.04.31'],
    ['2024.05-17'],
    ['120240517'],
    ['202405170'],
    ['abc'],
  ])('shows %s, which holds no date, as it is', (version) => {
    expect(formatFirmware(version)).toBe(version);
  });

  it('shows a dash when there is no version', () => {
    expect(formatFirmware(null)).toBe(NO_VALUE);
    expect(formatFirmware(undefined)).toBe(NO_VALUE);
    expect(formatFirmware('  ')).toBe(NO_VALUE);
  });
});

describe('formatReading', () => {
  it('rounds to 2 decimals without trailing zeros', () => {
    expect(formatReading(412.3456)).toBe('412.35');
    expect(formatReading(21.5)).toBe('21.5');
    expect(formatReading(600)).toBe('600');
  });

  it('shows a dash when there is no reading', () => {
    expect(formatReading(undefined)).toBe(NO_VALUE);
    expect(formatReading(null)).toBe(NO_VALUE);
  });
});

describe('formatLastUpdate', () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);

  it('shows only the time for today', () => {
    const at = new Date(2025, 5, 15, 9, 30, 0);
    expect(formatLastUpdate(at.getTime(), now)).toBe(at.toLocaleTimeString());
  });

  it('shows date and time for an earlier day', () => {
    const at = new Date(2025, 5, 14, 9, 30, 0);
    expect(formatLastUpdate(at.getTime(), now)).toBe(at.toLocaleString());
  });

  it('shows a dash when there is no sample', () => {
    expect(formatLastUpdate(null, now)).toBe(NO_VALUE);
  });
});
