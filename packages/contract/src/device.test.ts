import { describe, expect, it } from 'vitest';
import { deviceStateMessage, MAX_REPORTED_WHITELIST } from './device.ts';

const TI = 1_735_725_600_000;
const names = (count: number) => Array.from({ length: count }, (_, i) => `Lock-${i}`);

describe('the state message reports the gateway whitelist (docs/mqtt.md 2.2)', () => {
  it('is optional: an older firmware reports only the count', () => {
    const parsed = deviceStateMessage.safeParse({ TI, state: { whitelistedLocksCount: 4 } });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.listOfWhiteListedLocks).toBeUndefined();
  });

  it('takes an empty list, names, and * for every lock', () => {
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: [] }).success).toBe(true);
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: ['*'] }).success).toBe(true);
    expect(
      deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: ['Lock_1.a-b:c@d', 'A4C138F00A01'] })
        .success,
    ).toBe(true);
  });

  it(`takes ${MAX_REPORTED_WHITELIST} names and refuses one more`, () => {
    expect(MAX_REPORTED_WHITELIST).toBe(1000);
    const atBound = deviceStateMessage.safeParse({
      TI,
      listOfWhiteListedLocks: names(MAX_REPORTED_WHITELIST),
    });
    expect(atBound.success).toBe(true);
    expect(atBound.data?.listOfWhiteListedLocks).toHaveLength(1000);
    expect(
      deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: names(MAX_REPORTED_WHITELIST + 1) }).success,
    ).toBe(false);
  });

  it('bounds each name like the whitelist message: 1 to 40 of letters, digits and _ . - : @', () => {
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: ['x'] }).success).toBe(true);
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: ['x'.repeat(40)] }).success).toBe(true);
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: ['x'.repeat(41)] }).success).toBe(
      false,
    );
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: [''] }).success).toBe(false);
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: ['Lock 1'] }).success).toBe(false);
    expect(deviceStateMessage.safeParse({ TI, listOfWhiteListedLocks: 'Lock-1' }).success).toBe(false);
  });
});
