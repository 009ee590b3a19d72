import { type LockUser, type LockUsersPage, lockUsersLiveMessage, lockUsersQuery } from '@portal/contract';
import type { z } from 'zod';

/** What a cached list page was asked for (everything of the list call but the scope). */
export const lockUserListParams = lockUsersQuery.omit({ scopeId: true });
export type LockUserListParams = z.output<typeof lockUserListParams>;

/** The page cannot be brought up to date in place: ask the server again. */
export const REFETCH = 'refetch';
export type CachedPageUpdate = LockUsersPage | typeof REFETCH;

const contains = (page: LockUsersPage, id: string) => page.users.some((user) => user.id === id);

function replaceUser(page: LockUsersPage, user: LockUser): LockUsersPage {
  return { ...page, users: page.users.map((existing) => (existing.id === user.id ? user : existing)) };
}

/**
 * One message of the scope's lockUsers channel applied to one cached page: the same page when nothing changes,
 * a new page, or REFETCH. A new user is placed by the server (its order and the search decide the page), so a
 * page it is not on is asked again; a user already listed is replaced, so a repeated message changes nothing.
 */
export function applyLockUsersMessage(page: LockUsersPage, message: unknown): CachedPageUpdate {
  const parsed = lockUsersLiveMessage.safeParse(message);
  if (!parsed.success) return page;
  const change = parsed.data;
  switch (change.type) {
    case 'newUser':
      return contains(page, change.user.id) ? replaceUser(page, change.user) : REFETCH;
    case 'updateUser':
      return contains(page, change.user.id) ? replaceUser(page, change.user) : page;
    case 'deleteUser':
      if (contains(page, change.id))
        return {
          users: page.users.filter((user) => user.id !== change.id),
          total: Math.max(0, page.total - 1),
        };
      // Not on this page: when other pages exist, the rows of this one may shift.
      return page.total > page.users.length ? REFETCH : page;
    default:
      // A message type the contract added later (a ledger change, ...): the server says what the page shows.
      return REFETCH;
  }
}
