import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FEED_INTERVALS,
  activityLogsQuery,
  gatewayCommandBody,
  gatewayCommandMessages as m,
  mergeWhitelistCsv,
  normalizeWhitelist,
  onboardingStartBody,
  whitelistBody,
  whitelistCount,
} from './gateway-commands.ts';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('scan frequency (1..10800 minutes)', () => {
  const parse = (pollingInterval: unknown) =>
    gatewayCommandBody.safeParse({ command: 'POLLING-INTERVAL', pollingInterval });

  it('takes both bounds', () => {
    expect(parse(1).success).toBe(true);
    expect(parse(10800).success).toBe(true);
  });

  it('refuses below and above with the spec texts', () => {
    expect(firstError(parse(0))).toBe('Invalid Scan Frequency');
    expect(firstError(parse(10801))).toBe('Value must be below 10800');
    expect(firstError(parse(1.5))).toBe('Invalid Scan Frequency');
    expect(firstError(parse(undefined))).toBe('Invalid Scan Frequency');
  });
});

describe('RSSI threshold (-1000..0 dBm)', () => {
  const parse = (rssiValue: unknown) => gatewayCommandBody.safeParse({ command: 'RSSI-VALUE', rssiValue });

  it('takes both bounds', () => {
    expect(parse(-1000).success).toBe(true);
    expect(parse(0).success).toBe(true);
  });

  it('refuses below and above with the spec texts', () => {
    expect(firstError(parse(-1001))).toBe('Invalid Scan Frequency');
    expect(firstError(parse(1))).toBe('Value must be negative');
  });
});

describe('commands', () => {
  it('takes the spec commands and nothing else', () => {
    for (const command of ['SCAN', 'FORCE-IDLE', 'REMOVE-BLACKLISTED-LOCKS', 'RESET']) {
      expect(gatewayCommandBody.safeParse({ command }).success).toBe(true);
    }
    expect(gatewayCommandBody.safeParse({ command: 'REBOOT-NOW' }).success).toBe(false);
  });
});

describe('whitelist', () => {
  it('collapses to * and counts it as -1', () => {
    expect(normalizeWhitelist(['Lock-2', '*', 'Lock-1'])).toEqual(['*']);
    expect(whitelistCount(['*'])).toBe(-1);
    expect(whitelistCount(['A', 'B'])).toBe(2);
    expect(whitelistCount([])).toBe(0);
  });

  it('de-duplicates and sorts', () => {
    expect(normalizeWhitelist([' b ', 'a', 'b', ''])).toEqual(['a', 'b']);
  });

  it('allows letters, numbers and _ . - : @ only, 1..40 characters', () => {
    expect(whitelistBody.safeParse({ listOfWhiteListedLocks: ['Lock_1.a-b:c@d'] }).success).toBe(true);
    expect(whitelistBody.safeParse({ listOfWhiteListedLocks: ['x'.repeat(40)] }).success).toBe(true);
    expect(firstError(whitelistBody.safeParse({ listOfWhiteListedLocks: ['x'.repeat(41)] }))).toBe(
      m.invalidLockName,
    );
    expect(firstError(whitelistBody.safeParse({ listOfWhiteListedLocks: ['Lock 1'] }))).toBe(
      m.invalidLockName,
    );
    expect(firstError(whitelistBody.safeParse({ listOfWhiteListedLocks: ['Lock#1'] }))).toBe(
      m.invalidLockName,
    );
    expect(whitelistBody.parse({ listOfWhiteListedLocks: ['b', '*'] }).listOfWhiteListedLocks).toEqual(['*']);
    expect(whitelistBody.parse({ listOfWhiteListedLocks: [] }).listOfWhiteListedLocks).toEqual([]);
  });
});

describe('whitelist CSV', () => {
  it('merges, de-duplicates and sorts under the Lock Name header', () => {
    expect(mergeWhitelistCsv(['Lock-B'], 'Lock Name\r\nLock-C\nLock-A\nLock-B\n')).toEqual({
      ok: true,
      list: ['Lock-A', 'Lock-B', 'Lock-C'],
    });
    expect(mergeWhitelistCsv([], '\uFEFF"Lock Name"\n"Lock-1",x\n')).toEqual({ ok: true, list: ['Lock-1'] });
    expect(mergeWhitelistCsv(['Lock-1'], 'Lock Name\n*\n')).toEqual({ ok: true, list: ['*'] });
  });

  it('refuses a wrong header, an empty file and a bad name', () => {
    expect(mergeWhitelistCsv([], 'Name\nLock-1')).toEqual({
      ok: false,
      error: 'Headers of selected csv file are not valid, please check and retry',
    });
    expect(mergeWhitelistCsv([], '')).toEqual({
      ok: false,
      error: 'Uploaded file is empty, please check and retry.',
    });
    expect(mergeWhitelistCsv([], 'Lock Name\n\n')).toEqual({ ok: false, error: m.csvEmpty });
    expect(mergeWhitelistCsv([], 'Lock Name\nbad name')).toEqual({ ok: false, error: m.invalidLockName });
  });
});

describe('onboarding scans (1..5, default 5)', () => {
  const macIds = ['B827EB000001'];
  it('defaults to 5 and takes both bounds', () => {
    expect(onboardingStartBody.parse({ macIds }).totalScanCycles).toBe(5);
    expect(onboardingStartBody.safeParse({ macIds, totalScanCycles: 1 }).success).toBe(true);
    expect(onboardingStartBody.safeParse({ macIds, totalScanCycles: 5 }).success).toBe(true);
  });
  it('refuses 0 and 6', () => {
    expect(firstError(onboardingStartBody.safeParse({ macIds, totalScanCycles: 0 }))).toBe(
      m.onboardingScansOutOfRange,
    );
    expect(firstError(onboardingStartBody.safeParse({ macIds, totalScanCycles: 6 }))).toBe(
      m.onboardingScansOutOfRange,
    );
  });
});

describe('activity feed', () => {
  it('has the spec intervals, 12 hours outside the picker, months as 30.4 and 91.25 days', () => {
    expect(ACTIVITY_FEED_INTERVALS.filter((i) => i.inPicker).map((i) => i.label)).toEqual([
      '1 hour',
      '6 hours',
      '24 hours',
      '1 week',
      '2 weeks',
      '1 month',
      '3 months',
    ]);
    expect(ACTIVITY_FEED_INTERVALS.find((i) => i.label === '1 hour')?.ms).toBe(3_600_000);
    expect(ACTIVITY_FEED_INTERVALS.find((i) => i.label === '1 month')?.ms).toBe(30.4 * 86_400_000);
    expect(ACTIVITY_FEED_INTERVALS.find((i) => i.label === '3 months')?.ms).toBe(91.25 * 86_400_000);
  });

  it('takes a range of at most 3 months', () => {
    const macId = 'B827EB000001';
    const max = 91.25 * 86_400_000;
    expect(activityLogsQuery.safeParse({ macId, fromTime: '0', toTime: String(max) }).success).toBe(true);
    expect(firstError(activityLogsQuery.safeParse({ macId, fromTime: 0, toTime: max + 1 }))).toBe(
      m.activityRangeTooLong,
    );
    expect(firstError(activityLogsQuery.safeParse({ macId, fromTime: 2, toTime: 1 }))).toBe(
      m.activityRangeInvalid,
    );
  });
});
