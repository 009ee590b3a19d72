import { LOCKS_CSV_COLUMNS, type LockDevice } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { locksCsv } from './locks-csv.ts';

const lock: LockDevice = {
  id: 'l1',
  macId: 'A4C138F00A01',
  name: '-Lock',
  batteryLevel: 0,
  firmwareVersion: null,
  status: 'LOCKED',
  serialNumber: 'SN,1',
  type: 'BLE',
  lastAccessedTime: Date.UTC(2025, 0, 2, 3, 4, 5),
  location: { city: 'Berlin', country: null, ipAddress: null, timeZone: null },
  mode: 'shared',
  requestedMode: null,
  inUse: false,
  rssi: -60,
  reachable: true,
  gatewayMacId: 'B827EB1A2B3C',
  gatewayName: 'GW',
  gatewayConnected: true,
  scopeId: 's1',
  userCount: 0,
  updatedAt: 0,
};

describe('locksCsv (spec 002 section 3)', () => {
  it("writes the spec columns, '-' for empty cells, a 0 as 0, quotes and neutralises", () => {
    const [header, row, ...rest] = locksCsv([{ lock }])
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(header).toBe(LOCKS_CSV_COLUMNS.join(','));
    expect(rest).toEqual(['']);
    expect(row).toBe(
      `A4C138F00A01,'-Lock,0,-,LOCKED,"SN,1",BLE,2025-01-02T03:04:05.000Z,-,-,-,-,-,-,-,-,-,-,Berlin,-,-,-`,
    );
  });

  it('writes one row per user of a lock', () => {
    const user = {
      userId: 'u1',
      firstName: '=1+1',
      lastName: 'Doe',
      mergedName: '=1+1 Doe',
      email: 'a@b.io',
      passcode: '1234',
      cardCSN: null,
      role: 'USER' as const,
      state: 'confirmed' as const,
      revoking: false,
      emailHash: 'h',
      employeeId: null,
      division: 'D',
      userStatus: 'ACTIVE',
      time: Date.UTC(2025, 0, 1),
    };
    const lines = locksCsv([
      { lock, user },
      { lock, user: { ...user, firstName: 'B' } },
    ])
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",2025-01-01T00:00:00.000Z,'=1+1,Doe,a@b.io,h,1234,-,D,USER,ACTIVE,");
  });
});
