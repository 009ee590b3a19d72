import {
  PORTAL_USERS_DEFAULT_PAGE_SIZE,
  PORTAL_USERS_PAGE_SIZES,
  portalUserMessages,
} from '@portal/contract';
import type { ColumnSort } from '../../lib/list-paging.ts';
import type { PortalUserListParams } from './portal-users-cache.ts';

/** The session key of the remembered rows-per-page choice. */
export const PORTAL_USERS_LIST_NAME = 'portalUsers';

/** List refresh 2 s after typing stops (spec 002 section 5 'Search'). */
export const SEARCH_DELAY_MS = 2000;

export type SortBy = PortalUserListParams['sortBy'];
export type Sort = ColumnSort<SortBy>;

/** The remembered rows-per-page when it is one of the offered sizes, else the default. */
export function pageSizeFrom(remembered: number): number {
  return (PORTAL_USERS_PAGE_SIZES as readonly number[]).includes(remembered)
    ? remembered
    : PORTAL_USERS_DEFAULT_PAGE_SIZE;
}

/** 'Fetching Portal Users ...' while a list is loading, 'Refreshing Portal Users ...' while it is reloaded. */
export function listStatusText(query: {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}): string | null {
  if (query.isPending || query.isPlaceholderData) return portalUserMessages.fetching;
  if (query.isFetching) return portalUserMessages.refreshing;
  return null;
}

/** The email column's text: 'No-email' when there is none. */
export function emailText(email: string): string {
  return email.trim() === '' ? portalUserMessages.noEmail : email;
}
