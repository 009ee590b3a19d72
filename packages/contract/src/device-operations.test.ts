import { describe, expect, it } from 'vitest';
import {
  instructionResponse,
  onboardingCommand,
  onboardingStatus,
  scanReport,
  whitelistMessage,
} from './device-operations.ts';

describe('gateway operation payloads (docs/mqtt.md section 3)', () => {
  it('takes the documented examples', () => {
    expect(
      whitelistMessage.safeParse({
        noOfWhiteListedDevices: 2,
        listOfWhiteListedLocks: ['A4C138F00A01', 'A4C138F00A02'],
      }).success,
    ).toBe(true);
    expect(
      whitelistMessage.safeParse({ noOfWhiteListedDevices: -1, listOfWhiteListedLocks: ['*'] }).success,
    ).toBe(true);
    expect(
      instructionResponse.safeParse({
        uid: 'ab12cd34',
        type: 'DIAGNOSTICS',
        status: 'SUCCESS',
        TI: 1735725600000,
        value: {},
      }).success,
    ).toBe(true);
    expect(onboardingCommand.parse({ command: 'SCAN' })).toEqual({ command: 'SCAN', totalScanCycles: 5 });
    expect(
      onboardingStatus.safeParse({
        TI: 1735725600000,
        status: 'SCANNING',
        cycle: 1,
        totalScanCycles: 3,
        scannedLocks: [{ MAC: 'A4C138F00A01', RSSI: -61 }],
      }).success,
    ).toBe(true);
  });

  it('names whitelisted locks by their advertised names (a MAC is a name too)', () => {
    const list = (listOfWhiteListedLocks: string[]) =>
      whitelistMessage.safeParse({
        noOfWhiteListedDevices: listOfWhiteListedLocks.length,
        listOfWhiteListedLocks,
      }).success;
    expect(list(['Lock-0A01', 'a_b.c-d:e@f', 'A4C138F00A01'])).toBe(true);
    expect(list(['x'.repeat(40)])).toBe(true);
    expect(list(['Lock 1'])).toBe(false);
    expect(list(['x'.repeat(41)])).toBe(false);
    expect(
      scanReport.safeParse({
        TI: 1735725600000,
        locks: [{ MAC: 'A4C138F00A01', name: 'Lock-0A01', RSSI: -61 }],
      }).success,
    ).toBe(true);
    expect(scanReport.safeParse({ TI: 1735725600000, locks: [{ MAC: 'nope', RSSI: -61 }] }).success).toBe(
      false,
    );
  });

  it('holds onboarding scans to 1..5 and refuses malformed answers', () => {
    expect(onboardingCommand.safeParse({ command: 'SCAN', totalScanCycles: 0 }).success).toBe(false);
    expect(onboardingCommand.safeParse({ command: 'SCAN', totalScanCycles: 6 }).success).toBe(false);
    expect(onboardingCommand.safeParse({ command: 'SCAN', totalScanCycles: 1 }).success).toBe(true);
    expect(
      instructionResponse.safeParse({ uid: 'bad uid!', type: 'X', status: 'SUCCESS', TI: 1 }).success,
    ).toBe(false);
    expect(
      instructionResponse.safeParse({ uid: 'ab12cd34', type: 'X', status: 'MAYBE', TI: 1 }).success,
    ).toBe(false);
  });
});
