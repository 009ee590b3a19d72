import { firmwareLabel } from '@portal/contract';
import { currentLocale, formatNumber } from '../lib/i18n/index.ts';

/** What the table shows for a missing value. */
export const NO_VALUE = '-';

/**
 * A gateway's firmware on every screen (the contract's firmwareLabel, as Customers.csv): '20261101' and
 * 'v2026-11-01' -> 'FW 2026-11-01'; a version without a date as it is; '-' when there is none.
 */
export function formatFirmware(firmware: string | null | undefined): string {
  return firmwareLabel(firmware) ?? NO_VALUE;
}

/**
 * A sensor reading rounded to 2 decimals, without trailing zeros, in the language shown ('21.5', German
 * '21,5'; no grouping: '1200 ppm'); '-' when there is none.
 */
export function formatReading(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return formatNumber(Math.round(value * 100) / 100, { maximumFractionDigits: 2, useGrouping: false });
}

function isSameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** Local time of an epoch-ms instant: the time alone when it is today, otherwise date and time. */
export function formatLastUpdate(epochMs: number | null | undefined, now: Date = new Date()): string {
  if (epochMs === null || epochMs === undefined) return NO_VALUE;
  const at = new Date(epochMs);
  // In the language shown (docs/i18n.md), not the browser's.
  const locale = currentLocale();
  return isSameDay(at, now) ? at.toLocaleTimeString(locale) : at.toLocaleString(locale);
}
