import {
  ASSIGNED_LOCKS_DEFAULT_PAGE_SIZE,
  ASSIGNED_LOCKS_PAGE_SIZES,
  LOCK_USERS_DEFAULT_PAGE_SIZE,
  LOCK_USERS_PAGE_SIZES,
  type LockUser,
} from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';

/** The session keys of the remembered rows-per-page choices. */
export const LOCK_USERS_LIST_NAME = 'lockUsers';
export const ASSIGNED_LOCKS_LIST_NAME = 'assignedLocks';

/** List refresh 2 s after typing stops (spec 002 section 5 'Search', section 9). */
export const SEARCH_DELAY_MS = 2000;

/** `remembered` when it is one of `sizes`, else `fallback`. */
export function pageSizeOf(
  remembered: number | undefined,
  sizes: readonly number[],
  fallback: number,
): number {
  return remembered !== undefined && sizes.includes(remembered) ? remembered : fallback;
}

/** Rows per page of the lock users list: 10, 25, 50, 100, 10 by default (spec 002 section 9, other lists). */
export const lockUsersPageSize = (remembered: number | undefined) =>
  pageSizeOf(remembered, LOCK_USERS_PAGE_SIZES, LOCK_USERS_DEFAULT_PAGE_SIZE);

/** Rows per page of a user's assigned locks: 5, 10, 25, 5 by default (spec 002 section 9). */
export const assignedLocksPageSize = (remembered: number | undefined) =>
  pageSizeOf(remembered, ASSIGNED_LOCKS_PAGE_SIZES, ASSIGNED_LOCKS_DEFAULT_PAGE_SIZE);

/* Texts: the 'lock-users' namespace, loaded by the page that shows them. */

/** The status line above the list: fetching the first time (or another page), refreshing afterwards. */
export function listStatusText(query: {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}): string | null {
  if (query.isPending || query.isPlaceholderData) return i18n.t('lock-users:list.fetching');
  if (query.isFetching) return i18n.t('lock-users:list.refreshing');
  return null;
}

/** What an empty list says: nothing at all yet (how to add one), or nothing matching the search. */
export function emptyListText(search: string, canWrite: boolean): string {
  if (search.trim() !== '') return i18n.t('lock-users:list.noMatch');
  return i18n.t(canWrite ? 'lock-users:list.noneAdd' : 'lock-users:list.none');
}

/** The display name: first plus last name, else whichever exists (spec 002 section 3, mergedName). */
export function lockUserName(
  user: Pick<LockUser, 'mergedName' | 'firstName' | 'lastName' | 'email'>,
): string {
  const name =
    user.mergedName.trim() ||
    [user.firstName, user.lastName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ');
  return name || user.email;
}

/** The rows of one page of a list held whole in the browser. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice(page * pageSize, page * pageSize + pageSize);
}

/** A missing value in a cell. */
export const NO_VALUE = '-';
export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? NO_VALUE : String(value);
