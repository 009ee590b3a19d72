import {
  gatewayCommandMessages,
  isValidLockName,
  normalizeWhitelist,
  WHITELIST_ALL,
  whitelistCount,
} from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';

export type WhitelistEdit = { ok: true; list: string[] } | { ok: false; error: string };

/** Adds a typed lock name: '*' collapses the list to just '*'; a bad name gives the names rule. */
export function addLockName(list: readonly string[], text: string): WhitelistEdit {
  const name = text.trim();
  if (name !== WHITELIST_ALL && !isValidLockName(name)) {
    return { ok: false, error: gatewayCommandMessages.invalidLockName };
  }
  const base = list.includes(WHITELIST_ALL) ? [] : list;
  return { ok: true, list: normalizeWhitelist([...base, name]) };
}

export function removeLockName(list: readonly string[], name: string): string[] {
  return list.filter((entry) => entry !== name);
}

/** Whether the edited list differs from the saved one (order does not matter; both are normalised). */
export function whitelistChanged(saved: readonly string[], edited: readonly string[]): boolean {
  const a = normalizeWhitelist(saved);
  const b = normalizeWhitelist(edited);
  return a.length !== b.length || a.some((name, i) => name !== b[i]);
}

/**
 * Whether the gateway's reported whitelist count matches a list it was sent: '*' (or -1) for every lock,
 * else the number of names. Until it does, the gateway is not ready for another whitelist.
 */
export function gatewayReportsWhitelist(
  reported: number | '*' | undefined,
  list: readonly string[],
): boolean {
  const count = whitelistCount(list);
  if (count === -1) return reported === WHITELIST_ALL || reported === -1;
  return reported === count;
}

/**
 * The list the Whitelist editor opens with: the one the gateway itself reported (docs/mqtt.md 2.2), else the
 * one the portal last sent it (a gateway that never reported names: older firmware). Normalised.
 */
export function initialWhitelist(
  reported: readonly string[] | null,
  portalSent: readonly string[],
): { list: string[]; fromGateway: boolean } {
  return reported === null
    ? { list: normalizeWhitelist(portalSent), fromGateway: false }
    : { list: normalizeWhitelist(reported), fromGateway: true };
}

/**
 * When a gateway that reports only a count (older firmware) reports a whitelist other than the one the portal
 * stored (one set on the device before the portal managed it, say), the editor says so before a save replaces
 * it; null when they agree or the gateway has not reported yet. Such a gateway's names cannot be shown; a
 * gateway that reports its names opens the editor with them and needs no warning (`initialWhitelist`).
 */
export function whitelistMismatch(
  reported: number | '*' | undefined,
  saved: readonly string[],
): string | null {
  if (reported === undefined || gatewayReportsWhitelist(reported, saved)) return null;
  const everyLock = i18n.t('gateway-commands:whitelist.everyLock');
  const holds =
    reported === WHITELIST_ALL || reported === -1
      ? everyLock
      : i18n.t('gateway-commands:whitelist.locks', { count: reported });
  const known =
    whitelistCount(saved) === -1
      ? everyLock
      : i18n.t('gateway-commands:whitelist.names', { count: saved.length });
  return i18n.t('gateway-commands:whitelist.mismatch', { holds, known });
}
