import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  createdNotices,
  createFailedNotice,
  lockToggleRequest,
  resultNotice,
  toggleLabel,
} from './lock-toggle.ts';
import { testLock } from './test-lock.ts';

beforeAll(() => initI18n('en', ['locks']));

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

  it('tells the result: locked, unlocked, failed with a human reason and its code, nothing for an abort', () => {
    const base = { uid: 'u1', macId: 'AA0000000001', gatewayMacId: 'DE0000000001', reason: null };
    expect(resultNotice(testLock(), { ...base, status: 'SUCCESS', lockStatus: 'UNLOCKED' })).toEqual({
      variant: 'success',
      text: 'Front door unlocked',
    });
    expect(resultNotice(testLock(), { ...base, status: 'SUCCESS', lockStatus: 'LOCKED' })?.text).toBe(
      'Front door locked',
    );
    const failed = (reason: string | null, unlocking?: boolean) =>
      resultNotice(
        testLock({ status: 'LOCKED' }),
        { ...base, status: 'FAILED', lockStatus: null, reason },
        unlocking,
      );
    expect(failed('REJECTED')).toEqual({
      variant: 'error',
      text:
        "Front door did not unlock: the lock refused the gateway's command (it did not accept the gateway's key). " +
        'Try again; if it keeps refusing, pair the lock with its gateway again. (code REJECTED)',
    });
    expect(failed('JAMMED', false)?.text).toBe(
      'Front door did not lock: the bolt is jammed. Make sure the door is fully closed and nothing blocks the ' +
        'bolt, then try again. (code JAMMED)',
    );
    expect(failed('Timed-out')?.text).toMatch(
      /^Front door did not unlock: the gateway did not answer in time.* \(code Timed-out\)$/,
    );
    expect(failed('INVALID_ANSWER')?.text).toBe(
      'Front door did not unlock: the gateway gave no reason the portal knows. Try again. (code INVALID_ANSWER)',
    );
    expect(failed(null)?.text).toBe(
      'Front door did not unlock: the gateway gave no reason the portal knows. Try again.',
    );
    expect(resultNotice(testLock(), { ...base, status: 'ABORTED', lockStatus: null })).toBeNull();
  });
});
