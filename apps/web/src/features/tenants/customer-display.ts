import type { Scope } from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';

/** What the table shows for a missing value. */
export const NO_VALUE = '-';

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

/**
 * The customers list's warning for gateways whose reported versions differ from their assigned ones (issue 16,
 * docs/rollouts.md): '2 gateways differ from assigned', '1 gateway differs from assigned'; null for none (or a
 * server that does not send the count).
 */
export function versionMismatchText(scope: Pick<Scope, 'versionMismatchCount'>): string | null {
  const count = scope.versionMismatchCount ?? 0;
  if (count <= 0) return null;
  return i18n.t('tenants:mismatch', { count });
}
