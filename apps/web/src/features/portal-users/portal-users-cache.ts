import {
  type PortalUser,
  type PortalUsersPage,
  portalUsersLiveMessage,
  portalUsersQuery,
  twoFactorLiveMessage,
} from '@portal/contract';
import type { z } from 'zod';

/** What a cached list page was asked for (everything of the list call but the scope). */
export const portalUserListParams = portalUsersQuery.omit({ scopeId: true });
export type PortalUserListParams = z.output<typeof portalUserListParams>;

/** The page cannot be brought up to date in place: ask the server again. */
export const REFETCH = 'refetch';
export type CachedPageUpdate = PortalUsersPage | typeof REFETCH;

const nameKey = (user: PortalUser) => `${user.firstName} ${user.lastName}`.toLowerCase();
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Negative when `a` comes before `b`, in the server's order: the sort column, then the full name (both in
 * the list's direction), then the id.
 */
function compareUsers(a: PortalUser, b: PortalUser, params: PortalUserListParams): number {
  let order = 0;
  if (params.sortBy === 'email') order = compareText(a.email.toLowerCase(), b.email.toLowerCase());
  if (params.sortBy === 'secureAuthentication')
    order = Number(a.secureAuthentication) - Number(b.secureAuthentication);
  order ||= compareText(nameKey(a), nameKey(b));
  if (params.sortOrder === 'desc') order = -order;
  return order || compareText(a.id, b.id);
}

function replaceUser(page: PortalUsersPage, user: PortalUser): PortalUsersPage {
  return { ...page, users: page.users.map((existing) => (existing.id === user.id ? user : existing)) };
}

const contains = (page: PortalUsersPage, id: string) => page.users.some((user) => user.id === id);

/**
 * A new user goes into the page where the sort order puts it, when that place is inside this page. When it
 * belongs to another page, or the list is searched (the server decides what matches), the page is refetched.
 * A user already listed is replaced, so a repeated message changes nothing more.
 */
function withNewUser(
  page: PortalUsersPage,
  params: PortalUserListParams,
  user: PortalUser,
): CachedPageUpdate {
  if (contains(page, user.id)) return replaceUser(page, user);
  if (params.search.trim() !== '') return REFETCH;
  const before = page.users.findIndex((existing) => compareUsers(user, existing, params) < 0);
  const pageIsFull = page.users.length >= params.pageSize;
  if (before === -1 && pageIsFull) return REFETCH;
  if (before === 0 && params.page > 0) return REFETCH;
  const at = before === -1 ? page.users.length : before;
  const users = [...page.users.slice(0, at), user, ...page.users.slice(at)].slice(0, params.pageSize);
  return { users, total: page.total + 1 };
}

/**
 * A deleted user leaves the page. When it is not on this page but the list has other pages, the rows of this
 * page may shift, so the page is refetched.
 */
function withoutUser(page: PortalUsersPage, id: string): CachedPageUpdate {
  if (contains(page, id)) {
    return { users: page.users.filter((user) => user.id !== id), total: Math.max(0, page.total - 1) };
  }
  return page.total > page.users.length ? REFETCH : page;
}

/** Other messages that speak of a deletion or a creation reload the list (spec 002 section 4). */
function mentionsListChange(message: unknown): boolean {
  const text = typeof message === 'string' ? message : JSON.stringify(message ?? '');
  return text.includes('deleted') || text.includes('Created');
}

/**
 * One message of the scope's portal-users channel applied to one cached page: the same page when nothing
 * changes, a new page, or REFETCH.
 */
export function applyPortalUsersMessage(
  page: PortalUsersPage,
  params: PortalUserListParams,
  message: unknown,
): CachedPageUpdate {
  const parsed = portalUsersLiveMessage.safeParse(message);
  if (!parsed.success) return mentionsListChange(message) ? REFETCH : page;
  const change = parsed.data;
  switch (change.type) {
    case 'newUser':
      return withNewUser(page, params, change.user);
    case 'updateUser':
    case 'resetUser':
      return contains(page, change.user.id) ? replaceUser(page, change.user) : page;
    case 'deleteUser':
      return withoutUser(page, change.id);
  }
}

/** A message of the scope's two-factor channel: the user's Two FA state, when it is on this page. */
export function applyTwoFactorMessage(page: PortalUsersPage, message: unknown): PortalUsersPage {
  const parsed = twoFactorLiveMessage.safeParse(message);
  if (!parsed.success) return page;
  const { userId, secureAuthentication } = parsed.data;
  const user = page.users.find((existing) => existing.id === userId);
  if (!user || user.secureAuthentication === secureAuthentication) return page;
  return replaceUser(page, { ...user, secureAuthentication });
}
