import { deviceStateMessage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  ENGINE_STATE,
  isWhitelisted,
  LockEngine,
  lockNameOf,
  type NearbyLock,
  randomNearbyLocks,
  scanNearbyLocks,
} from './lock-engine.ts';
import { seededRandom } from './random.ts';

const NOW = Date.UTC(2025, 0, 1);
const LOCKS: NearbyLock[] = [
  { mac: 'AAAAAAAAAA01', name: 'Lock-AA01', rssi: -45 },
  { mac: 'AAAAAAAAAA02', name: 'Lock-AA02', rssi: -60 },
  { mac: 'AAAAAAAAAA03', name: 'Lock-AA03', rssi: -120 },
];

describe('lock names', () => {
  it('names each nearby lock after its MAC, uniquely', () => {
    expect(lockNameOf('A4C138F00A01')).toBe('Lock-0A01');
    const locks = randomNearbyLocks(seededRandom(7));
    expect(locks.every((lock) => lock.name === lockNameOf(lock.mac))).toBe(true);
    expect(new Set(locks.map((lock) => lock.name)).size).toBe(locks.length);
  });

  it('whitelists by name, or by MAC, or every lock with *', () => {
    const lock = LOCKS[0]!;
    expect(isWhitelisted(['Lock-AA01'], lock)).toBe(true);
    expect(isWhitelisted(['AAAAAAAAAA01'], lock)).toBe(true);
    expect(isWhitelisted(['Lock-AA02'], lock)).toBe(false);
    expect(isWhitelisted('*', lock)).toBe(true);
  });
});

describe('scanNearbyLocks', () => {
  it('hears only locks above the RSSI threshold and lists whitelisted locks it missed', () => {
    const result = scanNearbyLocks(LOCKS, -85, ['AAAAAAAAAA01', 'Lock-AA03'], seededRandom(1));
    expect(result.found.map((l) => l.mac)).not.toContain('AAAAAAAAAA03');
    expect(result.found.every((l) => l.name === lockNameOf(l.mac))).toBe(true);
    expect(result.unreachable).toContain('Lock-AA03');
    expect(result.whitelistedFound.every((l) => l.mac === 'AAAAAAAAAA01')).toBe(true);
  });

  it('treats * as every lock', () => {
    const result = scanNearbyLocks(LOCKS, -85, '*', seededRandom(1));
    expect(result.whitelistedFound).toEqual(result.found);
    expect(result.unreachable).toEqual([]);
  });
});

describe('LockEngine', () => {
  const engine = () => new LockEngine(seededRandom(4), LOCKS, ['AAAAAAAAAA01'], NOW);

  it('starts idle with a state the contract accepts', () => {
    const live = engine().snapshot();
    expect(live.currentState).toBe(ENGINE_STATE.idle);
    expect(live.whitelistedLocksCount).toBe(1);
    expect(deviceStateMessage.safeParse({ TI: NOW, state: live }).success).toBe(true);
  });

  it('scans, probes the whitelisted locks it heard, then goes idle and schedules the next scan', () => {
    const lockEngine = engine();
    lockEngine.startScan();
    expect(lockEngine.currentState).toBe(ENGINE_STATE.scanning);
    const result = lockEngine.completeScan(NOW + 3_000);
    const live = lockEngine.snapshot();
    expect(live.totalScannedLocks).toBe(result.found.length);
    let idleSince = NOW + 3_000;
    if (result.whitelistedFound.length > 0) {
      expect(live.currentState).toBe(ENGINE_STATE.probing);
      expect(live.currentLock).toBe('AAAAAAAAAA01');
      idleSince = NOW + 5_000;
      lockEngine.completeProbe(idleSince);
    }
    expect(lockEngine.currentState).toBe(ENGINE_STATE.idle);
    expect(lockEngine.snapshot().nextScanAt).toBe(idleSince + 15 * 60_000);
  });

  it('reports its whitelist by name, * for every lock, and no names past the bound', () => {
    const lockEngine = engine();
    expect(lockEngine.reportedWhitelist()).toEqual(['AAAAAAAAAA01']);
    lockEngine.setWhitelist(['Lock-1', 'Lock-2']);
    expect(lockEngine.reportedWhitelist()).toEqual(['Lock-1', 'Lock-2']);
    lockEngine.setWhitelist('*');
    expect(lockEngine.reportedWhitelist()).toEqual(['*']);
    lockEngine.setWhitelist(Array.from({ length: 1001 }, (_, i) => `Lock-${i}`));
    expect(lockEngine.reportedWhitelist()).toBeUndefined();
    expect(lockEngine.snapshot().whitelistedLocksCount).toBe(1001);
  });

  it('applies poll interval (minutes in, ms out), RSSI threshold and whitelist', () => {
    const lockEngine = engine();
    lockEngine.setPollIntervalMinutes(30, NOW);
    lockEngine.setRssiThreshold(-70);
    lockEngine.setWhitelist('*');
    expect(lockEngine.snapshot()).toMatchObject({
      pollInterval: 1_800_000,
      nextScanAt: NOW + 1_800_000,
      rssiValue: -70,
      whitelistedLocksCount: '*',
    });
    expect(lockEngine.isScanDue(NOW + 1_800_000)).toBe(true);
    expect(lockEngine.isScanDue(NOW + 1_799_999)).toBe(false);
  });

  it('manages the whitelisted locks it probed; a lock out of range is not heard', () => {
    const locks = LOCKS.map((lock) => ({ ...lock }));
    const lockEngine = new LockEngine(seededRandom(4), locks, ['Lock-AA01'], NOW);
    expect(lockEngine.managedLocks().map((l) => l.mac)).toEqual(['AAAAAAAAAA01']);
    // Newly whitelisted: managed once a probe reached it; dropped from the whitelist: no longer.
    expect(lockEngine.setWhitelist(['Lock-AA02'])).toEqual(['AAAAAAAAAA01']);
    expect(lockEngine.managedLocks()).toEqual([]);
    lockEngine.startProbe(lockEngine.nearbyLocksByMac(['AAAAAAAAAA02']));
    expect(lockEngine.completeProbe(NOW)).toEqual(['AAAAAAAAAA02']);
    expect(lockEngine.isManaged('AAAAAAAAAA02')).toBe(true);
    locks[0]!.outOfRange = true;
    const heard = scanNearbyLocks(locks, -85, '*', seededRandom(1)).found.map((l) => l.mac);
    expect(heard).not.toContain('AAAAAAAAAA01');
  });

  it('is forced idle from any state and forgets unreachable locks on request', () => {
    const lockEngine = new LockEngine(seededRandom(4), LOCKS, ['AAAAAAAAAA03'], NOW);
    lockEngine.startScan();
    lockEngine.completeScan(NOW);
    expect(lockEngine.snapshot().unreacheableLocksList).toEqual(['AAAAAAAAAA03']);
    expect(lockEngine.removeBlacklistedLocks()).toBe(1);
    expect(lockEngine.snapshot().unreacheableLocksList).toEqual([]);
    lockEngine.startProbe(lockEngine.nearbyLocksByMac(['AAAAAAAAAA02']));
    expect(lockEngine.currentState).toBe(ENGINE_STATE.probing);
    lockEngine.forceIdle(NOW);
    expect(lockEngine.currentState).toBe(ENGINE_STATE.idle);
  });
});
