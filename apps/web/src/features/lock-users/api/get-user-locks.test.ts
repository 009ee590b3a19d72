import type { LockDevice } from '@portal/contract';
import { describe, expect, it } from 'vitest';
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

const testLock = (overrides: Partial<LockDevice> = {}): LockDevice => ({
  id: 'l1',
  macId: 'AA0000000001',
  name: 'Front door',
  batteryLevel: 80,
  firmwareVersion: null,
  status: 'LOCKED',
  serialNumber: null,
  type: 'BLE-A',
  lastAccessedTime: null,
  location: { city: null, country: null, ipAddress: null, timeZone: null },
  mode: 'residential',
  requestedMode: null,
  inUse: false,
  rssi: null,
  reachable: true,
  gatewayMacId: 'DE0000000001',
  gatewayName: 'Gateway 0001',
  gatewayConnected: true,
  scopeId: 's1',
  userCount: 1,
  updatedAt: 1_700_000_000_000,
  ...overrides,
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
