import {
  GATEWAY_LOCKS_DEFAULT_PAGE_SIZE,
  GATEWAY_LOCKS_PAGE_SIZES,
  LOCKS_DEFAULT_PAGE_SIZE,
  LOCKS_PAGE_SIZES,
} from '@portal/contract';
import { formatNumber, i18n } from '../../lib/i18n/index.ts';

/** Session keys of the remembered rows per page: the customer's locks, and a gateway's (spec 001 locksRPP). */
export const LOCKS_LIST_NAME = 'locks';
export const GATEWAY_LOCKS_LIST_NAME = 'locksRPP';

/** List refresh 2 s after typing stops (spec 002 section 9). */
export const SEARCH_DELAY_MS = 2000;

export interface LocksListSizes {
  listName: string;
  sizes: readonly number[];
  fallback: number;
}

/** A gateway's locks: 5, 10, 15, 20, 25 rows, 25 by default; the customer's locks: 10, 25, 50, 100, 25. */
export function listSizesFor(gatewayMacId: string | undefined): LocksListSizes {
  return gatewayMacId
    ? {
        listName: GATEWAY_LOCKS_LIST_NAME,
        sizes: GATEWAY_LOCKS_PAGE_SIZES,
        fallback: GATEWAY_LOCKS_DEFAULT_PAGE_SIZE,
      }
    : { listName: LOCKS_LIST_NAME, sizes: LOCKS_PAGE_SIZES, fallback: LOCKS_DEFAULT_PAGE_SIZE };
}

/** The remembered rows per page when it is one of the list's sizes; else the list's default. */
export const pageSizeFrom = (remembered: number | undefined, sizes: LocksListSizes) =>
  remembered !== undefined && sizes.sizes.includes(remembered) ? remembered : sizes.fallback;

export function listStatusText(query: {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}): string | null {
  if (query.isPending || query.isPlaceholderData) return i18n.t('locks:list.fetching');
  if (query.isFetching) return i18n.t('locks:list.refreshing');
  return null;
}

/** What an empty list says: how locks arrive, or that nothing matches the search. */
export function emptyLocksText(
  search: string,
  gatewayMacId: string | undefined,
  filters: { battery?: string; access?: string } = {},
): string {
  if (search.trim() !== '') return i18n.t('locks:list.noMatch');
  if (filters.battery || filters.access) return i18n.t('locks:list.noFilterMatch');
  return i18n.t(gatewayMacId ? 'locks:list.noneOfGateway' : 'locks:list.none');
}

/** 'Online 3 · Offline 1 · Total 4' of GET /api/online-offline/locksCount. */
export const countsText = (counts: { online: number; offline: number; total: number }) =>
  i18n.t('locks:counts', {
    online: formatNumber(counts.online),
    offline: formatNumber(counts.offline),
    total: formatNumber(counts.total),
  });
