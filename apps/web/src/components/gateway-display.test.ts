import { describe, expect, it } from 'vitest';
import { formatFirmware, formatLastUpdate, formatReading, NO_VALUE } from './gateway-display.ts';

describe('formatFirmware', () => {
  it('shows a dated version as FW and its date', () => {
    expect(formatFirmware('v2024-05-12')).toBe('FW 2024-05-12');
  });

  it('shows another version as it is', () => {
    expect(formatFirmware('1.4.2')).toBe('1.4.2');
  });

  it('shows a dash when there is no version', () => {
    expect(formatFirmware(null)).toBe(NO_VALUE);
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
