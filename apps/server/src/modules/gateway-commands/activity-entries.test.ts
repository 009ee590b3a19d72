import { describe, expect, it } from 'vitest';
import { commandEntry, connectionEntry, eventEntry } from './activity-entries.ts';

describe('activity feed lines', () => {
  it('fills the spec fields of known gateway events', () => {
    expect(eventEntry(1, 'SE', { nme: 'Scan completed', val: 9, val2: 5 })).toEqual({
      date: 1,
      type: 'event',
      message: 'Scan completed',
      scannedLocks: 9,
      whiteListedLocks: 5,
    });
    expect(eventEntry(1, 'SE', { nme: 'Whitelist updated', val: '*' })).toMatchObject({
      whiteListedLocks: '*',
    });
    expect(eventEntry(1, 'SE', { nme: 'Force probe started', val: 2 })).toMatchObject({ locksProbe: 2 });
    expect(eventEntry(1, 'SE', { nme: 'Gateway reboot', val: 'Portal' })).toMatchObject({
      gatewayReboot: true,
    });
  });

  it('shows other events and alerts with their values as status', () => {
    expect(eventEntry(2, 'SA', { nme: 'CO2 High', val: 2240, sr: 'CO2', alrt: 1 })).toEqual({
      date: 2,
      type: 'alert',
      message: 'CO2 High',
      status: '2240',
    });
    expect(
      eventEntry(2, 'SE', { nme: 'Hotspot Status Initiated', val: 'OFF to ON', val2: 'ann@x.com' }),
    ).toMatchObject({ status: 'OFF to ON - ann@x.com' });
  });

  it('marks connection changes Online / Offline', () => {
    expect(connectionEntry(3, 0)).toEqual({
      date: 3,
      type: 'event',
      message: 'Gateway Online',
      gatewayConnectionStatus: 'Online',
    });
    expect(connectionEntry(3, 1)).toMatchObject({
      message: 'Gateway Offline',
      gatewayConnectionStatus: 'Offline',
    });
  });

  it('says what the portal sent and who sent it', () => {
    expect(commandEntry(4, 'SCAN', {}, 'ann@x.com')).toEqual({
      date: 4,
      type: 'event',
      message: 'Scan requested',
      scanMadeBy: 'ann@x.com',
    });
    expect(commandEntry(4, 'POLLING-INTERVAL', { pollingInterval: 30 }, null).message).toBe(
      'Scan frequency set to 30 minutes',
    );
    expect(commandEntry(4, 'RSSI-VALUE', { rssiValue: -70 }, null).message).toBe('Rssi value set to -70');
    expect(commandEntry(4, 'FORCE-PROBE', { count: 2 }, null)).toMatchObject({ locksProbe: 2 });
    expect(commandEntry(4, 'ONBOARDING-START', { totalScanCycles: 3 }, null).message).toBe(
      'Onboarding started (3 scans)',
    );
    expect(commandEntry(4, 'SCOPE-CHANGE', { from: 'A', to: 'B' }, null)).toMatchObject({
      deviceScopeChange: { from: 'A', to: 'B' },
    });
  });
});
