import { describe, expect, it } from 'vitest';
import {
  createdNotices,
  createFailedNotice,
  lockToggleRequest,
  resultNotice,
  toggleLabel,
} from './lock-toggle.ts';
import { testLock } from './test-lock.ts';

describe('lock toggle', () => {
  it('asks an unlock of a LOCKED lock and a lock otherwise, with the spec payload', () => {
    expect(lockToggleRequest(testLock({ status: 'LOCKED' }), 5)).toEqual({
      type: 'LOCK_DEVICE_LOCK_UNLOCK',
      macId: 'AA0000000001',
      gatewayMacId: 'DE0000000001',
      locked: false,
      name: 'Front door',
      time: 5,
      scopeId: 's1',
    });
    expect(lockToggleRequest(testLock({ status: 'UNLOCKED' })).locked).toBe(true);
    expect(lockToggleRequest(testLock({ status: null })).locked).toBe(true);
    expect(toggleLabel(testLock({ status: 'LOCKED' }))).toBe('Unlock Front door');
    expect(toggleLabel(testLock({ status: 'UNLOCKED' }))).toBe('Lock Front door');
  });

  it('says the spec texts on creation, and the wait of an offline gateway', () => {
    expect(createdNotices(testLock(), false)).toEqual([
      { variant: 'success', text: 'Successfully Created Unlock Instruction' },
    ]);
    expect(createdNotices(testLock(), true)[0]?.text).toBe('Successfully Created Lock Instruction');
    const offline = createdNotices(testLock({ gatewayConnected: false }), true);
    expect(offline).toHaveLength(2);
    expect(offline[1]).toMatchObject({
      variant: 'info',
      text: expect.stringContaining('Gateway is offline'),
    });
    expect(createFailedNotice).toEqual({ variant: 'error', text: 'Failed To Create Instruction' });
  });

  it('tells the result: locked, unlocked, failed with its reason, nothing for an abort', () => {
    const base = { uid: 'u1', macId: 'AA0000000001', gatewayMacId: 'DE0000000001', reason: null };
    expect(resultNotice(testLock(), { ...base, status: 'SUCCESS', lockStatus: 'UNLOCKED' })).toEqual({
      variant: 'success',
      text: 'Front door unlocked',
    });
    expect(resultNotice(testLock(), { ...base, status: 'SUCCESS', lockStatus: 'LOCKED' })?.text).toBe(
      'Front door locked',
    );
    expect(
      resultNotice(testLock(), { ...base, status: 'FAILED', lockStatus: null, reason: 'JAMMED' }),
    ).toEqual({ variant: 'error', text: 'Front door: lock instruction failed (JAMMED)' });
    expect(resultNotice(testLock(), { ...base, status: 'ABORTED', lockStatus: null })).toBeNull();
  });
});
