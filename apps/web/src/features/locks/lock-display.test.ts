import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  batteryText,
  inUseText,
  isLowBattery,
  lockModeText,
  lockName,
  lockStatusText,
  reachText,
  rssiText,
} from './lock-display.ts';
import { countsText, emptyLocksText, listSizesFor, pageSizeFrom } from './locks-list.ts';

beforeAll(() => initI18n('en', ['locks']));

describe('lock display', () => {
  it('shows LOCKED or open, the mode, battery, in use, RSSI and reach', () => {
    expect(lockStatusText('LOCKED')).toBe('LOCKED');
    expect(lockStatusText('UNLOCKED')).toBe('open');
    expect(lockStatusText(null)).toBe('-');
    expect(lockModeText('shared')).toBe('Shared');
    expect(lockModeText('residential', 'shared')).toBe('Resident (switching to Shared)');
    expect(lockModeText(null)).toBe('-');
    expect(batteryText(0)).toBe('0%');
    expect(batteryText(null)).toBe('-');
    expect(isLowBattery(20)).toBe(true);
    expect(isLowBattery(21)).toBe(false);
    expect(inUseText(true)).toBe('In use');
    expect(inUseText(false)).toBe('Free');
    expect(rssiText(-70)).toBe('-70 dBm');
    expect(reachText({ gatewayConnected: false, reachable: true })).toBe('Gateway offline');
    expect(reachText({ gatewayConnected: true, reachable: false })).toBe('Out of range');
    expect(lockName({ name: ' ', macId: 'AA0000000001' })).toBe('AA0000000001');
  });
});

describe('locks list paging (spec 001 and 002 section 9)', () => {
  it("a gateway's locks: 5 to 25 rows, 25 by default (locksRPP); the customer's: 10 to 100, 25", () => {
    const gateway = listSizesFor('DE0000000001');
    expect(gateway.listName).toBe('locksRPP');
    expect(pageSizeFrom(15, gateway)).toBe(15);
    expect(pageSizeFrom(100, gateway)).toBe(25);
    expect(pageSizeFrom(undefined, gateway)).toBe(25); // nothing remembered: 25, not the usual 10
    const customer = listSizesFor(undefined);
    expect(pageSizeFrom(100, customer)).toBe(100);
    expect(pageSizeFrom(5, customer)).toBe(25);
  });

  it('says how locks arrive when there are none, and counts online, offline and total', () => {
    expect(emptyLocksText('', 'DE0000000001')).toContain('No locks behind this gateway yet.');
    expect(emptyLocksText('x', undefined)).toContain('No locks match the search.');
    expect(countsText({ online: 3, offline: 1, total: 4 })).toBe('Online 3 · Offline 1 · Total 4');
  });
});
