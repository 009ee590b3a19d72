import type { Scope } from '@portal/contract';

/** What the table shows for a missing value. */
export const NO_VALUE = '-';

/**
 * A release date inside a firmware version: yyyy, mm and dd, written together ('20240517') or separated by
 * one of . - / _ ('2024.05.17', 'v2024-05-17', '2024-05-17T08:00:00Z'), not part of a longer number.
 */
const DATE_IN_VERSION = /(?<!\d)(\d{4})([.\-/_]?)(\d{2})\2(\d{2})(?!\d)/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * Spec 000 section 2: a firmware number shows as 'FW ' plus year(4)-month(2)-day(2); '-' when it is empty or
 * holds no valid date.
 */
export function formatFirmwareDate(version: string | null | undefined): string {
  const text = version?.trim();
  if (!text) return NO_VALUE;
  const match = DATE_IN_VERSION.exec(text);
  if (!match) return NO_VALUE;
  const [, year, , month, day] = match as unknown as [string, string, string, string, string];
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return NO_VALUE;
  return `FW ${year}-${month}-${day}`;
}

/** A text column's value, or '-'. */
export function textOrDash(value: string | null | undefined): string {
  const text = value?.trim();
  return text ? text : NO_VALUE;
}

/** 'online / total' devices. */
export function onlineTotal(scope: Pick<Scope, 'onlineDevicesCount' | 'totalDevicesCount'>): string {
  return `${scope.onlineDevicesCount} / ${scope.totalDevicesCount}`;
}

/** Dark enough for white initials (contrast at least 4.5:1). */
export const AVATAR_PALETTE = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#4527a0',
  '#283593',
  '#1565c0',
  '#00695c',
  '#2e7d32',
  '#5d4037',
  '#455a64',
] as const;

/** FNV-1a, 32 bits, over the UTF-16 code units: stable across sessions and browsers. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Spec 000 section 2: the initial avatar's colour derives from the customer's name. */
export function avatarColor(name: string): string {
  return AVATAR_PALETTE[hashText(name.trim()) % AVATAR_PALETTE.length]!;
}

/** The first character of the name, upper-cased ('?' for an empty name). */
export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}
