import { describe, expect, it } from 'vitest';
import { testLock } from '../../locks/test-lock.ts';
import { assignedLocksOf } from './get-user-locks.ts';

const access = (userId: string, passcode: string | null) => ({
  userId,
  firstName: 'A',
  lastName: 'B',
  mergedName: 'A B',
  email: 'a@example.com',
  passcode,
  cardCSN: null,
  role: 'USER' as const,
  state: 'confirmed' as const,
  revoking: false,
});

describe("a lock user's assigned locks", () => {
  it('keeps the locks the user is on, with the passcode and role on each', () => {
    const front = testLock();
    const back = testLock({ id: 'l2', macId: 'AA0000000002', name: 'Back door' });
    const page = {
      locks: [
        { ...front, users: [access('u1', '1234'), access('u2', null)] },
        { ...back, users: [access('u2', '9999')] },
      ],
      total: 2,
    };
    const assigned = assignedLocksOf(page, 'u1');
    expect(assigned).toHaveLength(1);
    expect(assigned[0]).toMatchObject({ passcode: '1234', role: 'USER', state: 'confirmed' });
    expect(assigned[0]?.lock).toEqual(front);
    expect(assignedLocksOf(page, 'u2').map((row) => row.lock.macId)).toEqual([front.macId, back.macId]);
    expect(assignedLocksOf(page, 'u9')).toEqual([]);
  });
});
