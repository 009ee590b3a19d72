import type { LockDevice, LockMode, LockStatus } from '@portal/contract';
import { formatDateTime } from '../../lib/date-time.ts';

export const NO_VALUE = '-';

/** Spec 002 section 2: a lock's status is LOCKED or open. */
export function lockStatusText(status: LockStatus | null | undefined): string {
  if (status === 'LOCKED') return 'LOCKED';
  if (status === 'UNLOCKED') return 'open';
  return NO_VALUE;
}

/** Residential is shown as 'Resident' (spec 001 section 3, card data). */
const MODE_TEXT: Record<LockMode, string> = { shared: 'Shared', residential: 'Resident' };

/** Shared or residential (spec 002 section 2); a mode asked for and not yet confirmed says so. */
export function lockModeText(mode: LockMode | null | undefined, requested?: LockMode | null): string {
  const shown = mode ? MODE_TEXT[mode] : NO_VALUE;
  if (requested && requested !== mode) return `${shown} (switching to ${MODE_TEXT[requested]})`;
  return shown;
}

export const batteryText = (level: number | null | undefined) =>
  level === null || level === undefined ? NO_VALUE : `${level}%`;

/** A battery this low or lower is shown as a warning. */
export const LOW_BATTERY_PERCENT = 20;
export const isLowBattery = (level: number | null | undefined) =>
  level !== null && level !== undefined && level <= LOW_BATTERY_PERCENT;

export const inUseText = (inUse: boolean | null | undefined) =>
  inUse === null || inUse === undefined ? NO_VALUE : inUse ? 'In use' : 'Free';

export const rssiText = (rssi: number | null | undefined) =>
  rssi === null || rssi === undefined ? NO_VALUE : `${rssi} dBm`;

export const lastAccessedText = (ms: number | null | undefined) => (ms ? formatDateTime(ms) : NO_VALUE);

/** The lock's name, else its MAC. */
export const lockName = (lock: Pick<LockDevice, 'name' | 'macId'>) => lock.name?.trim() || lock.macId;

export function reachText(lock: Pick<LockDevice, 'gatewayConnected' | 'reachable'>): string {
  if (!lock.gatewayConnected) return 'Gateway offline';
  return lock.reachable ? 'In range' : 'Out of range';
}
