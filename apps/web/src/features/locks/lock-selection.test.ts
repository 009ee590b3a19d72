import { describe, expect, it } from 'vitest';
import {
  addUserCheck,
  type LockSelection,
  lockUserAbilities,
  pageSelectionState,
  toggleLock,
  togglePage,
  withoutLock,
} from './lock-selection.ts';
import { testLock } from './test-lock.ts';

const a = testLock({ macId: 'AA0000000001', type: 'BLE-A' });
const b = testLock({ macId: 'AA0000000002', type: 'BLE-A' });
const c = testLock({ macId: 'AA0000000003', type: 'BLE-B' });
const none: LockSelection = new Map();

describe('lock multi-select', () => {
  it('toggles one lock and a whole page, and reports the page checkbox', () => {
    const one = toggleLock(none, a);
    expect([...one.keys()]).toEqual([a.macId]);
    expect(toggleLock(one, a).size).toBe(0);
    expect(pageSelectionState(one, [a, b])).toEqual({ checked: false, indeterminate: true });
    const both = togglePage(one, [a, b]);
    expect(both.size).toBe(2);
    expect(pageSelectionState(both, [a, b])).toEqual({ checked: true, indeterminate: false });
    expect(togglePage(both, [a, b]).size).toBe(0);
    expect(withoutLock(both, a.macId).size).toBe(1);
    expect(withoutLock(both, 'nothing')).toBe(both);
  });

  it("Add User needs locks of one type: 'Please select same type of Locks.'", () => {
    expect(addUserCheck(none)).toEqual({ type: null, error: null });
    expect(addUserCheck(togglePage(none, [a, b]))).toEqual({ type: 'BLE-A', error: null });
    expect(addUserCheck(togglePage(none, [a, c]))).toEqual({
      type: null,
      error: 'Please select same type of Locks.',
    });
    expect(addUserCheck(togglePage(none, [a, testLock({ macId: 'AA0000000009', type: null })])).error).toBe(
      'Please select same type of Locks.',
    );
  });
});

describe('lockUserAbilities', () => {
  it('offers neither the users of a lock nor Add User to a device reader', () => {
    expect(lockUserAbilities(['IOT_DEVICE_READ'])).toEqual({ showUsers: false, addUser: false });
  });
  it('shows the users of a lock with IOT_USER_READ, and Add User only with IOT_USER_WRITE too', () => {
    expect(lockUserAbilities(['IOT_DEVICE_READ', 'IOT_USER_READ'])).toEqual({
      showUsers: true,
      addUser: false,
    });
    expect(lockUserAbilities(['IOT_USER_READ', 'IOT_USER_WRITE'])).toEqual({
      showUsers: true,
      addUser: true,
    });
  });
});
