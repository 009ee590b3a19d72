import { describe, expect, it } from 'vitest';
import {
  applyLocksMessage,
  changesLockCounts,
  type LockListParams,
  mappedLock,
  REFETCH,
} from './locks-cache.ts';
import { testLock } from './test-lock.ts';

const front = testLock();
const back = testLock({ id: 'l2', macId: 'AA0000000002', name: 'Back door', status: 'UNLOCKED' });
const page = { locks: [front, back], total: 2 };
const all: LockListParams = { search: '', page: 0, pageSize: 25 };
const gateway1: LockListParams = { ...all, macId: 'DE0000000001' };

describe('locks channel on a cached page (spec 001 section 4)', () => {
  it('lockStatus: the row shows the new status', () => {
    const next = applyLocksMessage(page, all, {
      type: 'lockStatus',
      macId: front.macId,
      gatewayMacId: front.gatewayMacId,
      status: 'UNLOCKED',
      TI: 1_700_000_100_000,
    });
    expect(next).not.toBe(REFETCH);
    expect(next !== REFETCH && next.locks[0]).toMatchObject({
      status: 'UNLOCKED',
      lastAccessedTime: 1_700_000_100_000,
    });
    // A repeat changes nothing.
    const again = applyLocksMessage(next as typeof page, all, {
      type: 'lockStatus',
      macId: front.macId,
      gatewayMacId: front.gatewayMacId,
      status: 'UNLOCKED',
      TI: 1_700_000_100_000,
    });
    expect(again).toEqual(next);
  });

  it('lockData: a listed lock is replaced; a new one of the listed gateway is asked for', () => {
    const drained = { ...front, batteryLevel: 10 };
    expect(applyLocksMessage(page, gateway1, { type: 'lockData', lock: drained })).toEqual({
      locks: [drained, back],
      total: 2,
    });
    const fresh = testLock({ id: 'l3', macId: 'AA0000000003' });
    expect(applyLocksMessage(page, gateway1, { type: 'lockData', lock: fresh })).toBe(REFETCH);
    const elsewhere = testLock({ id: 'l4', macId: 'AA0000000004', gatewayMacId: 'DE0000000002' });
    expect(applyLocksMessage(page, gateway1, { type: 'lockData', lock: elsewhere })).toBe(page);
  });

  it('deleteLock removes the row', () => {
    expect(
      applyLocksMessage(page, all, {
        type: 'deleteLock',
        macId: back.macId,
        gatewayMacId: back.gatewayMacId,
      }),
    ).toEqual({ locks: [front], total: 1 });
    expect(
      applyLocksMessage(page, all, {
        type: 'deleteLock',
        macId: 'AA00000000FF',
        gatewayMacId: 'DE0000000001',
      }),
    ).toBe(page);
  });

  it('bulkUpdate refetches the lists of that gateway (or all)', () => {
    expect(
      applyLocksMessage(page, gateway1, { type: 'bulkUpdate', gatewayMacId: 'DE0000000001', count: 5 }),
    ).toBe(REFETCH);
    expect(
      applyLocksMessage(page, gateway1, { type: 'bulkUpdate', gatewayMacId: 'DE0000000002', count: 5 }),
    ).toBe(page);
    expect(applyLocksMessage(page, all, { type: 'bulkUpdate', count: 5 })).toBe(REFETCH);
  });

  it('lockMode shows the mode and the one asked for', () => {
    const next = applyLocksMessage(page, all, {
      type: 'lockMode',
      macId: front.macId,
      mode: 'residential',
      requestedMode: 'shared',
    });
    expect(next !== REFETCH && next.locks[0]).toMatchObject({ mode: 'residential', requestedMode: 'shared' });
  });

  it('gatewayOffline marks the locks of that gateway unreachable', () => {
    const next = applyLocksMessage(page, all, { type: 'gatewayOffline', gatewayMacId: 'DE0000000001' });
    expect(next !== REFETCH && next.locks.every((lock) => !lock.gatewayConnected)).toBe(true);
    expect(applyLocksMessage(page, all, { type: 'gatewayOffline', gatewayMacId: 'DE0000000009' })).toBe(page);
  });

  it('userMapping refetches a page holding the lock (its user count)', () => {
    const message = {
      type: 'userMapping',
      macId: front.macId,
      userId: 'u1',
      state: 'confirmed',
      revoking: false,
    };
    expect(applyLocksMessage(page, all, message)).toBe(REFETCH);
    expect(mappedLock(message)).toBe(front.macId);
    expect(applyLocksMessage(page, all, { ...message, macId: 'AA00000000FF' })).toBe(page);
  });

  it("asks again when a lock may enter or leave the Dashboard's filtered lists", () => {
    const elsewhere = testLock({ id: 'l4', macId: 'AA0000000004', gatewayMacId: 'DE0000000002' });
    const mapping = {
      type: 'userMapping',
      macId: 'AA00000000FF',
      userId: 'u1',
      state: 'failed',
      revoking: false,
    };
    expect(applyLocksMessage(page, { ...all, battery: 'low' }, { type: 'lockData', lock: elsewhere })).toBe(
      REFETCH,
    );
    expect(applyLocksMessage(page, { ...all, access: 'failed' }, mapping)).toBe(REFETCH);
    expect(applyLocksMessage(page, all, mapping)).toBe(page);
  });

  it('refetches on a message the contract does not define, and knows which change the counts', () => {
    expect(applyLocksMessage(page, all, { type: 'history', macId: front.macId })).toBe(REFETCH);
    expect(changesLockCounts({ type: 'gatewayOffline', gatewayMacId: 'DE0000000001' })).toBe(true);
    expect(
      changesLockCounts({
        type: 'lockStatus',
        macId: front.macId,
        gatewayMacId: 'x',
        status: 'LOCKED',
        TI: 1,
      }),
    ).toBe(false);
  });
});
