import { lockEvent, reportedLock } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, testLock } from './lock-fixtures.ts';
import {
  isJammed,
  LOCK_CRITICAL_BATTERY,
  lockTime,
  moveBolt,
  OFFICE_HOURS,
  putCredential,
  record,
  removeCredentials,
  reportOf,
  scheduleAllows,
  setLockClock,
} from './lock-model.ts';
import { resolveLockSettings } from './lock-settings.ts';
import { seededRandom } from './random.ts';

const NOW = FIXTURE_NOW; // a Monday, 10:00 UTC
const DAY = 24 * 3600_000;

describe('equipLock', () => {
  it('draws the same lock from the same seed, one the contract accepts, with people in its memory', () => {
    const a = testLock();
    const b = testLock();
    expect(a).toEqual(b);
    expect(testLock({}, 2)).not.toEqual(a);
    expect(reportedLock.safeParse(reportOf(a)).success).toBe(true);
    expect(a.credentials.length).toBeGreaterThanOrEqual(2);
    expect(a.credentials.every((c) => c.cardCSN || c.passcode)).toBe(true);
    expect(new Set(a.credentials.map((c) => c.slot)).size).toBe(a.credentials.length);
  });

  it('never enrols more people than its memory holds', () => {
    for (let seed = 1; seed < 20; seed++)
      expect(testLock({}, seed, 2).credentials.length).toBeLessThanOrEqual(2);
  });

  it('reports reachable false while out of range, and the battery rounded down', () => {
    const report = reportOf(testLock({ outOfRange: true, battery: 42.97 }));
    expect(report).toMatchObject({ reachable: false, batteryLevel: 42 });
  });
});

describe('lock memory', () => {
  it('fills to its capacity, then answers LOCK_MEMORY_FULL; replacing a user takes no new slot', () => {
    const lock = testLock({ credentials: [], capacity: 3 });
    for (const userId of ['u1', 'u2', 'u3']) {
      expect(putCredential(lock, { userId, role: 'USER', passcode: `1234${userId.slice(1)}` }).ok).toBe(true);
    }
    expect(putCredential(lock, { userId: 'u4', role: 'USER', cardCSN: '04A1B2C3D4' })).toEqual({
      ok: false,
      reason: 'LOCK_MEMORY_FULL',
      detail: '3 of 3 user slots used',
    });
    expect(putCredential(lock, { userId: 'u2', role: 'ADMIN', cardCSN: '04a1b2c3d4' })).toEqual({
      ok: true,
      slot: 2,
    });
    expect(lock.credentials.find((c) => c.userId === 'u2')).toEqual({
      slot: 2,
      userId: 'u2',
      role: 'ADMIN',
      cardCSN: '04A1B2C3D4',
    });
    expect(removeCredentials(lock, 'u1')).toBe(true);
    expect(removeCredentials(lock, 'u1')).toBe(false);
    // The freed slot is the next one used.
    expect(putCredential(lock, { userId: 'u5', role: 'USER', passcode: '777777' })).toEqual({
      ok: true,
      slot: 1,
    });
  });

  it('refuses a card or passcode another user of the lock holds', () => {
    const lock = testLock({ credentials: [] });
    putCredential(lock, { userId: 'u1', role: 'USER', passcode: '482913', cardCSN: '04A1B2C3D4' });
    expect(putCredential(lock, { userId: 'u2', role: 'USER', cardCSN: '04A1B2C3D4' })).toMatchObject({
      ok: false,
      reason: 'REJECTED',
    });
    expect(putCredential(lock, { userId: 'u2', role: 'USER', passcode: '482913' })).toMatchObject({
      ok: false,
      reason: 'REJECTED',
    });
  });
});

describe('lock clock', () => {
  it('drifts by its ppm from its offset, and is set by the gateway', () => {
    const lock = testLock({ clock: { offsetMs: 30_000, driftPpm: 100, setAt: NOW } });
    expect(lockTime(lock, NOW)).toBe(NOW + 30_000);
    expect(lockTime(lock, NOW + DAY)).toBe(NOW + DAY + 30_000 + 8_640);
    setLockClock(lock, NOW + DAY);
    expect(lockTime(lock, NOW + DAY)).toBe(NOW + DAY);
    expect(lockTime(lock, NOW + 2 * DAY)).toBe(NOW + 2 * DAY + 8_640);
  });

  it('stamps history with the lock clock and numbers each entry once', () => {
    const lock = testLock({ clock: { offsetMs: -5_000, driftPpm: 0, setAt: NOW } });
    const first = record(lock, NOW, { kind: 'UNLOCKED', method: 'card', cardCSN: '04A1B2C3D4' });
    const second = record(lock, NOW + 1, { kind: 'LOCKED', method: 'auto' });
    expect(first.TI).toBe(NOW - 5_000);
    expect(first.id).not.toBe(second.id);
    expect(first.id).toMatch(/^0A01-boot1-\d+$/);
    expect(lock.lastAccessedTime).toBe(NOW + 1 - 5_000);
    for (const entry of [first, second]) expect(lockEvent.safeParse(entry).success).toBe(true);
  });
});

describe('bolt and battery', () => {
  const settings = resolveLockSettings({ jamRate: 0, batteryDrainPerOperation: 1, lowBatteryThreshold: 20 });

  it('moves the bolt, drains the battery and raises LOW_BATTERY once when it falls below the threshold', () => {
    const lock = testLock({ battery: 21.5 });
    const random = seededRandom(3);
    const opened = moveBolt(lock, 'UNLOCKED', NOW, 'card', { cardCSN: '04A1B2C3D4' }, settings, random);
    expect(lock.status).toBe('UNLOCKED');
    expect(opened.entries.map((e) => e.kind)).toEqual(['UNLOCKED']);
    const closed = moveBolt(lock, 'LOCKED', NOW + 1, 'auto', {}, settings, random);
    expect(closed.entries.map((e) => [e.kind, e.alarm])).toEqual([
      ['LOCKED', undefined],
      ['ALARM', 'LOW_BATTERY'],
    ]);
    const again = moveBolt(lock, 'UNLOCKED', NOW + 2, 'card', {}, settings, random);
    expect(again.entries.map((e) => e.kind)).toEqual(['UNLOCKED']);
    expect(lock.battery).toBeCloseTo(18.5);
  });

  it('has a flat battery changed some time after it went critical', () => {
    const lock = testLock({ battery: LOCK_CRITICAL_BATTERY + 0.5 });
    moveBolt(lock, 'UNLOCKED', NOW, 'card', {}, settings, seededRandom(3));
    expect(lock.batteryChangeAt).toBeGreaterThan(NOW);
  });

  it('jams now and then: ALARM JAMMED, the bolt stays, and nothing moves it until the jam clears', () => {
    const jamming = resolveLockSettings({ jamRate: 1 });
    const lock = testLock();
    const { jammed, entries } = moveBolt(lock, 'UNLOCKED', NOW, 'remote', {}, jamming, seededRandom(3));
    expect(jammed).toBe(true);
    expect(entries[0]).toMatchObject({ kind: 'ALARM', alarm: 'JAMMED' });
    expect(lock.status).toBe('LOCKED');
    expect(isJammed(lock, NOW + 30_000)).toBe(true);
    expect(moveBolt(lock, 'UNLOCKED', NOW + 30_000, 'remote', {}, settings, seededRandom(3)).jammed).toBe(
      true,
    );
    expect(isJammed(lock, NOW + 601_000)).toBe(false);
  });
});

describe('scheduleAllows', () => {
  it('lets office hours in on weekdays 07:00-19:00 of the lock day only', () => {
    expect(scheduleAllows(undefined, NOW, 0)).toBe(true);
    expect(scheduleAllows(OFFICE_HOURS, NOW, 0)).toBe(true); // Monday 10:00
    expect(scheduleAllows(OFFICE_HOURS, NOW, 10)).toBe(false); // Monday 20:00 there
    expect(scheduleAllows(OFFICE_HOURS, NOW - 2 * DAY, 0)).toBe(false); // Saturday
    expect(scheduleAllows({ from: NOW + 1 }, NOW, 0)).toBe(false);
    expect(scheduleAllows({ to: NOW }, NOW, 0)).toBe(false);
  });
});
