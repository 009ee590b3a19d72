import { type LockDevice, type LocksPage, locksLiveMessage, locksQuery } from '@portal/contract';
import type { z } from 'zod';

/** What a cached locks page was asked for (everything of the list call but the scope). */
export const lockListParams = locksQuery.omit({ scopeId: true });
export type LockListParams = z.output<typeof lockListParams>;

/** The page cannot be brought up to date in place: ask the server again. */
export const REFETCH = 'refetch';
export type CachedLocksUpdate = LocksPage | typeof REFETCH;

const patchLock = (page: LocksPage, macId: string, patch: (lock: LockDevice) => LockDevice): LocksPage => {
  if (!page.locks.some((lock) => lock.macId === macId)) return page;
  return { ...page, locks: page.locks.map((lock) => (lock.macId === macId ? patch(lock) : lock)) };
};

/** Whether a lock of this gateway belongs in the list (a gateway's list holds only that gateway's locks). */
const listsGateway = (params: LockListParams, gatewayMacId: string | undefined) =>
  !params.macId || gatewayMacId === undefined || params.macId === gatewayMacId;

/**
 * One message of the scope's locks channel (spec 001 section 4 'Live updates on list rows'; the types the
 * contract defines) applied to one cached page: the same page when nothing changes here, a new page, or
 * REFETCH. A message the contract does not define (history, forceProbeData, ...) refetches, as the spec says of
 * unknown messages.
 */
export function applyLocksMessage(
  page: LocksPage,
  params: LockListParams,
  message: unknown,
): CachedLocksUpdate {
  const parsed = locksLiveMessage.safeParse(message);
  if (!parsed.success) return REFETCH;
  const change = parsed.data;
  // A lock's battery or its credentials' delivery may take it into or out of a filtered list: the server says.
  if ((params.battery && change.type === 'lockData') || (params.access && change.type === 'userMapping'))
    return REFETCH;
  switch (change.type) {
    case 'lockStatus':
      return patchLock(page, change.macId, (lock) =>
        lock.status === change.status && (lock.lastAccessedTime ?? 0) >= change.TI
          ? lock
          : {
              ...lock,
              status: change.status,
              lastAccessedTime: Math.max(lock.lastAccessedTime ?? 0, change.TI),
            },
      );
    case 'lockData': {
      if (page.locks.some((lock) => lock.macId === change.lock.macId)) {
        // A lock moved to another gateway leaves a gateway's list.
        if (!listsGateway(params, change.lock.gatewayMacId)) return REFETCH;
        return patchLock(page, change.lock.macId, () => change.lock);
      }
      // A lock new to this list: where it goes (order, search, page) is the server's to say.
      return listsGateway(params, change.lock.gatewayMacId) ? REFETCH : page;
    }
    case 'deleteLock':
      if (page.locks.some((lock) => lock.macId === change.macId))
        return {
          locks: page.locks.filter((lock) => lock.macId !== change.macId),
          total: Math.max(0, page.total - 1),
        };
      return page.total > page.locks.length && listsGateway(params, change.gatewayMacId) ? REFETCH : page;
    case 'bulkUpdate':
      return listsGateway(params, change.gatewayMacId) ? REFETCH : page;
    case 'lockMode':
      return patchLock(page, change.macId, (lock) => ({
        ...lock,
        mode: change.mode,
        requestedMode: change.requestedMode,
      }));
    case 'userMapping':
      // The users of a lock are asked again where they are shown; the count may change with a new mapping.
      return page.locks.some((lock) => lock.macId === change.macId) ? REFETCH : page;
    case 'gatewayOffline': {
      if (!page.locks.some((lock) => lock.gatewayMacId === change.gatewayMacId && lock.gatewayConnected))
        return page;
      return {
        ...page,
        locks: page.locks.map((lock) =>
          lock.gatewayMacId === change.gatewayMacId ? { ...lock, gatewayConnected: false } : lock,
        ),
      };
    }
    default:
      // A message type the contract added later that changes no row field here (a lock's history entries).
      return page;
  }
}

/** Whether the message may change the scope's online/offline lock counts. */
export function changesLockCounts(message: unknown): boolean {
  const parsed = locksLiveMessage.safeParse(message);
  if (!parsed.success) return true;
  return ['lockData', 'deleteLock', 'bulkUpdate', 'gatewayOffline'].includes(parsed.data.type);
}

/** The lock whose users list a userMapping message changes, if any. */
export function mappedLock(message: unknown): string | null {
  const parsed = locksLiveMessage.safeParse(message);
  return parsed.success && parsed.data.type === 'userMapping' ? parsed.data.macId : null;
}
