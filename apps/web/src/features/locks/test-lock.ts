import type { LockDevice } from '@portal/contract';

/** A lock as the list call returns it, for unit tests. */
export function testLock(overrides: Partial<LockDevice> = {}): LockDevice {
  return {
    id: 'l1',
    macId: 'AA0000000001',
    name: 'Front door',
    batteryLevel: 80,
    firmwareVersion: '1.2',
    status: 'LOCKED',
    serialNumber: 'SN1',
    type: 'BLE-A',
    lastAccessedTime: 1_700_000_000_000,
    location: { city: null, country: null, ipAddress: null, timeZone: null },
    mode: 'residential',
    requestedMode: null,
    inUse: false,
    rssi: -60,
    reachable: true,
    gatewayMacId: 'DE0000000001',
    gatewayName: 'Gateway 0001',
    gatewayConnected: true,
    scopeId: 's1',
    userCount: 0,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}
