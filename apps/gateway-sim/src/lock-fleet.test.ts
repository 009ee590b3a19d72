import { type LockEvent, lockEventsMessage, lockReport } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW, testLock } from './lock-fixtures.ts';
import {
  dayWeight,
  eventMessages,
  FULL_REPORT_PART_BYTES,
  fullReport,
  LockFleet,
  updateReports,
} from './lock-fleet.ts';
import type { SimulatedLock } from './lock-model.ts';
import { type LockSettings, resolveLockSettings } from './lock-settings.ts';
import { seededRandom } from './random.ts';

const NOW = FIXTURE_NOW;
const DAY = 24 * 3600_000;
const MIDNIGHT = Date.UTC(2026, 0, 5);

function fleetOf(locks: SimulatedLock[], settings: Partial<LockSettings> = {}, seed = 5) {
  return new LockFleet(locks, () => locks, resolveLockSettings(settings), seededRandom(seed), 0);
}

/** Runs the fleet for `durationMs` in 1 s steps; gathers what the gateway would publish, flushed every second. */
function run(fleet: LockFleet, from: number, durationMs: number) {
  const events: LockEvent[] = [];
  let messages = 0;
  for (let t = from; t < from + durationMs; t += 1_000) {
    fleet.tick(t, 1_000);
    if (fleet.outbox.isEmpty) continue;
    const taken = fleet.outbox.take();
    events.push(...taken.events);
    messages +=
      (taken.changed.length + taken.removed.length > 0 ? 1 : 0) + eventMessages(taken.events).length;
  }
  return { events, messages };
}

describe('a day of a lock fleet', () => {
  const locks = [1, 2, 3, 4, 5, 6, 7].map((seed) => testLock({ battery: 90 }, seed));
  const fleet = fleetOf(locks);
  const { events, messages } = run(fleet, MIDNIGHT, DAY);

  it('records openings by card and passcode, refusals, auto-relocks, each entry valid and unique per lock', () => {
    const kinds = (kind: string, method?: string) =>
      events.filter((e) => e.kind === kind && (method === undefined || e.method === method)).length;
    expect(kinds('UNLOCKED', 'card')).toBeGreaterThan(50);
    expect(kinds('UNLOCKED', 'passcode')).toBeGreaterThan(10);
    expect(kinds('LOCKED', 'auto')).toBeGreaterThan(60);
    expect(events.some((e) => e.reason === 'WRONG_CODE')).toBe(true);
    expect(events.some((e) => e.reason === 'UNKNOWN_CARD')).toBe(true);
    expect(events.some((e) => e.reason === 'OUTSIDE_SCHEDULE')).toBe(true);
    for (const chunk of eventMessages(events))
      expect(lockEventsMessage.safeParse({ events: chunk }).success).toBe(true);
    const keys = events.map((e) => `${e.MAC}/${e.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is busier in the working day than at night', () => {
    const hourOf = (e: LockEvent) => new Date(e.TI).getUTCHours();
    const opened = events.filter((e) => e.kind === 'UNLOCKED');
    const day = opened.filter((e) => hourOf(e) >= 8 && hourOf(e) < 18).length / 10;
    const night = opened.filter((e) => hourOf(e) < 6).length / 6;
    expect(day).toBeGreaterThan(3 * night);
    expect(dayWeight(3)).toBeLessThan(dayWeight(12));
  });

  it('drains the batteries with use', () => {
    expect(locks.every((lock) => lock.battery < 90)).toBe(true);
  });

  it('stays within a few messages a minute for 7 locks at the defaults', () => {
    // About 3.5 openings per lock per hour over the day: an update and a history message at the opening and
    // at the relock.
    expect(messages / (24 * 60)).toBeLessThan(2);
    expect(messages / (24 * 60)).toBeGreaterThan(0.3);
  });
});

describe('radio range', () => {
  it('a lock out of range is reported unreachable, keeps its history, and hands it over when back', () => {
    const lock = testLock({ battery: 90 });
    const fleet = fleetOf([lock], {
      outOfRangePerHour: 1,
      outOfRangeMs: { min: 600_000, max: 600_000 },
      openingsPerHour: 0,
    });
    let t = NOW;
    const step = () => {
      t += 1_000;
      fleet.tick(t, 1_000);
    };
    while (!lock.outOfRange) step();
    expect(fleet.outbox.take().changed).toEqual([lock.mac]);
    expect(fleet.reports()[0]).toMatchObject({ reachable: false });
    // Someone opens it meanwhile: the gateway hears nothing of it.
    fleet.apply('LOCK_DEVICE_MODE', { lockMac: lock.mac, mode: 'shared' }, lock.mac, t);
    lock.unfetched.push({ id: 'x-1', MAC: lock.mac, TI: t, kind: 'UNLOCKED', method: 'card' });
    step();
    expect(fleet.outbox.isEmpty).toBe(true);
    while (lock.outOfRange) step();
    const back = fleet.outbox.take();
    expect(back.changed).toEqual([lock.mac]);
    expect(back.events.map((e) => e.id)).toEqual(['x-1']);
    expect(fleet.reports()[0]).toMatchObject({ reachable: true });
  });
});

describe('lock instructions on a lock', () => {
  const quiet = { unreachableRate: 0, rejectRate: 0, jamRate: 0, openingsPerHour: 0 };

  it('unlocks and locks remotely: status, a remote entry naming who asked, the lock clock set first', () => {
    const lock = testLock({ battery: 90, clock: { offsetMs: -60_000, driftPpm: 0, setAt: NOW } });
    const fleet = fleetOf([lock], quiet);
    const result = fleet.apply(
      'LOCK_DEVICE_LOCK_UNLOCK',
      { lockMac: lock.mac, locked: false, userId: 'portal-user-1' },
      lock.mac,
      NOW,
    );
    // The lock's clock was a minute behind; the gateway set it on connecting, so the entry has the true time.
    expect(result).toEqual({ ok: true, value: { lockMac: lock.mac, status: 'UNLOCKED', TI: NOW } });
    const { events, changed } = fleet.outbox.take();
    expect(events).toMatchObject([
      { kind: 'UNLOCKED', method: 'remote', MAC: lock.mac, TI: NOW, userId: 'portal-user-1' },
    ]);
    expect(changed).toEqual([lock.mac]);
    expect(lock.relockAt).toBe(NOW + 300_000);
    fleet.apply('LOCK_DEVICE_LOCK_UNLOCK', { lockMac: lock.mac, locked: true }, lock.mac, NOW + 1);
    expect(lock.status).toBe('LOCKED');
    expect(lock.relockAt).toBeNull();
  });

  it('gives each failure its typed reason', () => {
    const lock = testLock({ battery: 90 });
    const other = testLock({ battery: 90 }, 2);
    const fleet = new LockFleet([lock, other], () => [lock], resolveLockSettings(quiet), seededRandom(1), 0);
    const unlock = (mac: string, f = fleet) =>
      f.apply('LOCK_DEVICE_LOCK_UNLOCK', { lockMac: mac, locked: false }, mac, NOW);
    const reasonOf = (r: ReturnType<typeof unlock>) => (r.ok ? 'SUCCESS' : r.reason);
    expect(reasonOf(unlock('A4C138F00AFF'))).toBe('LOCK_UNKNOWN');
    expect(reasonOf(unlock(other.mac))).toBe('LOCK_UNKNOWN'); // heard, but not managed
    lock.outOfRange = true;
    expect(reasonOf(unlock(lock.mac))).toBe('LOCK_UNREACHABLE');
    lock.outOfRange = false;
    lock.battery = 3;
    expect(reasonOf(unlock(lock.mac))).toBe('LOW_BATTERY');
    lock.battery = 90;
    lock.jammedUntil = NOW + 60_000;
    expect(reasonOf(unlock(lock.mac))).toBe('JAMMED');
    lock.jammedUntil = null;
    const flaky = (rates: Partial<LockSettings>) =>
      new LockFleet([lock], () => [lock], resolveLockSettings({ ...quiet, ...rates }), seededRandom(1), 0);
    expect(reasonOf(unlock(lock.mac, flaky({ unreachableRate: 1 })))).toBe('LOCK_UNREACHABLE');
    expect(reasonOf(unlock(lock.mac, flaky({ rejectRate: 1 })))).toBe('REJECTED');
    expect(reasonOf(unlock(lock.mac, flaky({ jamRate: 1 })))).toBe('JAMMED');
    expect(
      fleet.apply('LOCK_DEVICE_MODE', { lockMac: lock.mac, mode: 'shared' }, lock.mac, NOW, 'GATEWAY_BUSY'),
    ).toMatchObject({
      ok: false,
      reason: 'GATEWAY_BUSY',
    });
  });

  it('a user added to the lock then opens it with their card and passcode in the daily traffic', () => {
    const lock = testLock({ battery: 90, credentials: [], capacity: 2 });
    const fleet = fleetOf([lock], { ...quiet, openingsPerHour: 600, refusalRate: 0 });
    const add = (userId: string, extra: object) =>
      fleet.apply(
        'ADD_LOCKDEVICE_USER',
        { lockMac: lock.mac, userId, role: 'USER', ...extra },
        lock.mac,
        NOW,
      );
    expect(add('user-1', { passcode: '482913', cardCSN: '04A1B2C3D4' })).toEqual({
      ok: true,
      value: { lockMac: lock.mac, userId: 'user-1', passcodeSlot: 1 },
    });
    expect(add('user-2', { cardCSN: '04A1B2C3D5' })).toEqual({
      ok: true,
      value: { lockMac: lock.mac, userId: 'user-2' },
    });
    expect(add('user-3', { cardCSN: '04A1B2C3D6' })).toMatchObject({ ok: false, reason: 'LOCK_MEMORY_FULL' });
    fleet.outbox.take();
    const { events } = run(fleet, NOW, 3600_000);
    const opened = events.filter((e) => e.kind === 'UNLOCKED' && e.userId === 'user-1');
    expect(opened.some((e) => e.method === 'card' && e.cardCSN === '04A1B2C3D4')).toBe(true);
    expect(opened.some((e) => e.method === 'passcode' && e.passcodeSlot === 1)).toBe(true);
    expect(
      fleet.apply('REMOVE_LOCKDEVICE_USER', { lockMac: lock.mac, userId: 'user-1' }, lock.mac, NOW),
    ).toEqual({
      ok: true,
      value: { lockMac: lock.mac, userId: 'user-1' },
    });
    expect(lock.credentials.map((c) => c.userId)).toEqual(['user-2']);
  });

  it('switches the mode; a residential lock is not in use', () => {
    const lock = testLock({ mode: 'shared', inUse: true });
    const fleet = fleetOf([lock], quiet);
    expect(
      fleet.apply('LOCK_DEVICE_MODE', { lockMac: lock.mac, mode: 'residential' }, lock.mac, NOW),
    ).toEqual({
      ok: true,
      value: { lockMac: lock.mac, mode: 'residential' },
    });
    expect(fleet.reports()[0]).toMatchObject({ mode: 'residential', inUse: false });
  });
});

describe('whitelist changes', () => {
  it('tells the portal a lock left, without its unsent history', () => {
    const lock = testLock();
    const fleet = fleetOf([lock]);
    fleet.note(lock, [{ id: 'y-1', MAC: lock.mac, TI: NOW, kind: 'LOCKED', method: 'manual' }]);
    fleet.noteRemoved([lock.mac]);
    expect(fleet.outbox.take()).toEqual({ events: [], changed: [], removed: [lock.mac] });
  });
});

describe('lock reports', () => {
  const locks = Array.from({ length: 1_201 }, (_, i) => testLock({}, i + 1)).map((lock, i) => ({
    ...lock,
    mac: `A4C138${i.toString(16).toUpperCase().padStart(6, '0')}`,
  }));

  it('sends a full inventory of more than 500 locks in parts, each valid, all with one TI', () => {
    const fleet = fleetOf(locks);
    const parts = fullReport(fleet.reports(), NOW);
    expect(parts.map((p) => (p.kind === 'full' ? [p.part, p.parts, p.total, p.locks.length] : []))).toEqual([
      [1, 3, 1_201, 500],
      [2, 3, 1_201, 500],
      [3, 3, 1_201, 201],
    ]);
    for (const part of parts) expect(lockReport.safeParse(part).success).toBe(true);
    expect(fullReport([], NOW)).toEqual([{ kind: 'full', TI: NOW, part: 1, parts: 1, total: 0, locks: [] }]);
  });

  it("names in the full inventory the portal's users each lock holds, and keeps a part's bytes bounded", () => {
    const few = locks.slice(0, 3).map((lock) => ({ ...lock, credentials: [...lock.credentials] }));
    few[0]!.credentials.push(
      { slot: 900, userId: 'user-a', role: 'USER', passcode: '1234' },
      { slot: 901, userId: 'user-b', role: 'ADMIN', cardCSN: '04A1B2C3D4' },
    );
    const inventory = fleetOf(few).inventory();
    expect(inventory[0]!.users).toEqual(['user-a', 'user-b']);
    expect(inventory[1]!.users).toEqual([]);
    // 600 locks holding 150 users each: parts split by size, each under FULL_REPORT_PART_BYTES, all valid.
    const users = Array.from({ length: 150 }, (_, i) => `${i}`.padStart(36, 'u'));
    const heavy = fleetOf(locks.slice(0, 600))
      .reports()
      .map((report) => ({ ...report, users }));
    const parts = fullReport(heavy, NOW);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.reduce((n, p) => n + p.locks.length, 0)).toBe(600);
    for (const part of parts) {
      expect(JSON.stringify(part).length).toBeLessThan(FULL_REPORT_PART_BYTES + 200);
      expect(lockReport.safeParse(part).success).toBe(true);
    }
  });

  it('sends updates and removals in messages of at most 500', () => {
    const fleet = fleetOf(locks);
    const updates = updateReports(fleet.reports().slice(0, 600), ['A4C138F00AFF'], NOW);
    expect(updates.map((u) => (u.kind === 'update' ? [u.locks.length, u.removed.length] : []))).toEqual([
      [500, 1],
      [100, 0],
    ]);
    for (const update of updates) expect(lockReport.safeParse(update).success).toBe(true);
  });
});

describe('passcodes changed at the keypad', () => {
  it('sends PASSCODE_CHANGED for a portal user now and then, and the lock then holds the new passcode', () => {
    const lock = testLock({ battery: 90 }, 3);
    lock.credentials = [{ slot: 1, userId: 'portal-user-1', role: 'USER', passcode: '482913' }];
    const fleet = fleetOf([lock], { keypadChangeRate: 1, refusalRate: 0 });
    const { events } = run(fleet, MIDNIGHT + 10 * 3600_000, 3 * 3600_000);
    const changes = events.filter((e) => e.kind === 'PASSCODE_CHANGED');
    expect(changes.length).toBeGreaterThan(0);
    const last = changes.at(-1)!;
    expect(last).toMatchObject({ userId: 'portal-user-1', passcodeSlot: 1, method: 'manual' });
    expect(last.passcode).toMatch(/^\d{6}$/);
    expect(lock.credentials[0]!.passcode).toBe(last.passcode);
    for (const chunk of eventMessages(events))
      expect(lockEventsMessage.safeParse({ events: chunk }).success).toBe(true);
  });

  it('sends none when the rate is 0', () => {
    const lock = testLock({ battery: 90 }, 3);
    lock.credentials = [{ slot: 1, userId: 'portal-user-1', role: 'USER', passcode: '482913' }];
    const { events } = run(
      fleetOf([lock], { keypadChangeRate: 0, refusalRate: 0 }),
      MIDNIGHT + 10 * 3600_000,
      3 * 3600_000,
    );
    expect(events.some((e) => e.kind === 'UNLOCKED')).toBe(true);
    expect(events.some((e) => e.kind === 'PASSCODE_CHANGED')).toBe(false);
  });
});
