import { describe, expect, it } from 'vitest';
import {
  canApply,
  checkRssi,
  checkScanFrequency,
  DEFAULT_SCAN_THRESHOLD,
  pollIntervalMinutes,
  SCAN_THRESHOLDS,
} from './scan-settings.ts';

describe('scan frequency field', () => {
  it('accepts 1 to 10800 minutes', () => {
    expect(checkScanFrequency('1')).toEqual({ value: 1 });
    expect(checkScanFrequency('10800')).toEqual({ value: 10800 });
  });

  it("says 'Invalid Scan Frequency' below 1 and for an empty or non-whole value", () => {
    for (const text of ['0', '-5', '', ' ', '2.5', 'abc']) {
      expect(checkScanFrequency(text)).toEqual({ error: 'Invalid Scan Frequency' });
    }
  });

  it("says 'Value must be below 10800' above 10800", () => {
    expect(checkScanFrequency('10801')).toEqual({ error: 'Value must be below 10800' });
  });
});

describe('RSSI field', () => {
  it('accepts -1000 to 0', () => {
    expect(checkRssi('-1000')).toEqual({ value: -1000 });
    expect(checkRssi('0')).toEqual({ value: 0 });
  });

  it("says 'Invalid Scan Frequency' below -1000 and 'Value must be negative' above 0", () => {
    expect(checkRssi('-1001')).toEqual({ error: 'Invalid Scan Frequency' });
    expect(checkRssi('1')).toEqual({ error: 'Value must be negative' });
    expect(checkRssi('')).toEqual({ error: 'Invalid Scan Frequency' });
  });
});

describe('canApply', () => {
  it('is true only for a valid value that differs from the current one', () => {
    expect(canApply({ value: 30 }, 15)).toBe(true);
    expect(canApply({ value: 15 }, 15)).toBe(false);
    expect(canApply({ error: 'Invalid Scan Frequency' }, 15)).toBe(false);
    expect(canApply({ value: 15 }, undefined)).toBe(true);
  });
});

describe('pollIntervalMinutes', () => {
  it('turns the reported ms into minutes', () => {
    expect(pollIntervalMinutes(900_000)).toBe(15);
    expect(pollIntervalMinutes(undefined)).toBeUndefined();
  });
});

describe('scan threshold choices', () => {
  it('are 10 to 100 in steps of 10, default 10', () => {
    expect(SCAN_THRESHOLDS).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(DEFAULT_SCAN_THRESHOLD).toBe(10);
  });
});
