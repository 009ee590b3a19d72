import type { LockDevice, LockUserOnLock } from '@portal/contract';
import { lockUserMergedName } from '@portal/contract';
import type { LockUserPairRow, LockViewRow } from './locks.repository.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Where a lock is: its gateway's city and country (the entered address over the reported one), the address
 * the gateway reports (`IP` in its state, when it sends one), the lock's own time zone.
 */
function location(row: LockViewRow): LockDevice['location'] {
  const reported = (row.gateway_state.LCTN ?? {}) as Record<string, unknown>;
  const address = row.gateway_address ?? {};
  return {
    city: text(address.CTY) ?? text(reported.CTY),
    country: text(address.CNTRY) ?? text(reported.CNTRY),
    ipAddress: text(row.gateway_state.IP),
    timeZone: row.time_zone,
  };
}

/** A lock row as the contract's lock device. */
export function toLockDevice(row: LockViewRow): LockDevice {
  return {
    id: row.id,
    macId: row.mac,
    name: row.name,
    batteryLevel: row.battery_level,
    firmwareVersion: row.firmware_version,
    status: row.status,
    serialNumber: row.serial_number,
    type: row.type,
    lastAccessedTime: row.last_accessed_at?.getTime() ?? null,
    location: location(row),
    mode: row.mode,
    requestedMode: row.requested_mode,
    inUse: row.in_use,
    rssi: row.rssi,
    reachable: row.reachable,
    gatewayMacId: row.gateway_mac,
    gatewayName: row.gateway_name,
    gatewayConnected: row.gateway_connected,
    scopeId: row.tenant_id,
    userCount: row.user_count,
    updatedAt: row.updated_at.getTime(),
  };
}

export function toLockUserOnLock(row: LockUserPairRow): LockUserOnLock {
  return {
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    mergedName: lockUserMergedName(row.first_name, row.last_name),
    email: row.email,
    passcode: row.passcode,
    cardCSN: row.card_csn,
    role: row.role,
    state: row.state,
    revoking: row.revoke_requested_at !== null,
  };
}
