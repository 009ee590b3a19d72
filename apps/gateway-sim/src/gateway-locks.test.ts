import { describe, expect, it } from 'vitest';
import { nearbyLocksOf } from './gateway-locks.ts';
import { resolveLockSettings } from './lock-settings.ts';
import { deriveSeed, seededRandom } from './random.ts';

const equip = { now: Date.UTC(2026, 0, 1), timeZone: 'UTC', bootTag: 'test' };
const options = { seed: 1, locks: resolveLockSettings({}) };
const macs = Array.from({ length: 400 }, (_, i) => `A4C138${i.toString(16).padStart(6, '0').toUpperCase()}`);
const locksOf = (mac: string, whitelist?: '*') =>
  nearbyLocksOf(mac, seededRandom(deriveSeed(1, mac, 'profile')), options, equip, whitelist);

describe("a gateway's nearby locks and whitelist", () => {
  it('draws a whitelist per gateway that now and then names none of its locks', () => {
    const drawn = macs.map((mac) => locksOf(mac).whitelist);
    expect(drawn.filter((w) => w === '*').length).toBeGreaterThan(40);
    expect(drawn.some((w) => Array.isArray(w) && w.length === 0)).toBe(true);
  });

  it("takes the installer's '*' in place of the drawn whitelist, with the same locks", () => {
    for (const mac of macs) {
      const given = locksOf(mac, '*');
      expect(given.whitelist).toBe('*');
      expect(given.nearby.map((lock) => lock.mac)).toEqual(locksOf(mac).nearby.map((lock) => lock.mac));
    }
  });
});
