import type { LockDevice, LockMode, LockStatus } from '@portal/contract';
import { formatDateTime } from '../../lib/date-time.ts';
import { formatNumber, i18n } from '../../lib/i18n/index.ts';

export const NO_VALUE = '-';

/*
 * The texts are the 'locks' namespace's (locales/): every component that shows them takes useT('locks'), which
 * has loaded it.
 */

/** Spec 002 section 2: a lock's status is LOCKED or open. */
export function lockStatusText(status: LockStatus | null | undefined): string {
  if (status === 'LOCKED') return i18n.t('locks:display.locked');
  if (status === 'UNLOCKED') return i18n.t('locks:display.open');
  return NO_VALUE;
}

/** Residential is shown as 'Resident' (spec 001 section 3, card data). */
const modeText = (mode: LockMode) => i18n.t(`locks:display.${mode}`);

/** Shared or residential (spec 002 section 2); a mode asked for and not yet confirmed says so. */
export function lockModeText(mode: LockMode | null | undefined, requested?: LockMode | null): string {
  const shown = mode ? modeText(mode) : NO_VALUE;
  if (requested && requested !== mode)
    return i18n.t('locks:display.switching', { shown, requested: modeText(requested) });
  return shown;
}

export const batteryText = (level: number | null | undefined) =>
  level === null || level === undefined
    ? NO_VALUE
    : i18n.t('locks:display.battery', { level: formatNumber(level) });

/** A battery this low or lower is shown as a warning. */
export const LOW_BATTERY_PERCENT = 20;
export const isLowBattery = (level: number | null | undefined) =>
  level !== null && level !== undefined && level <= LOW_BATTERY_PERCENT;

export const inUseText = (inUse: boolean | null | undefined) =>
  inUse === null || inUse === undefined
    ? NO_VALUE
    : i18n.t(inUse ? 'locks:display.inUse' : 'locks:display.free');

export const rssiText = (rssi: number | null | undefined) =>
  rssi === null || rssi === undefined ? NO_VALUE : i18n.t('locks:display.rssi', { rssi: formatNumber(rssi) });

export const lastAccessedText = (ms: number | null | undefined) => (ms ? formatDateTime(ms) : NO_VALUE);

/** The lock's name, else its MAC. */
export const lockName = (lock: Pick<LockDevice, 'name' | 'macId'>) => lock.name?.trim() || lock.macId;

export function reachText(lock: Pick<LockDevice, 'gatewayConnected' | 'reachable'>): string {
  if (!lock.gatewayConnected) return i18n.t('locks:display.gatewayOffline');
  return i18n.t(lock.reachable ? 'locks:display.inRange' : 'locks:display.outOfRange');
}
