import { GLOBAL_SEARCH_DEBOUNCE_MS, GLOBAL_SEARCH_MIN_LENGTH, type globalSearchRow } from '@portal/contract';
import type { z } from 'zod';
import type { ColumnSort } from '../../lib/list-paging.ts';

export type GlobalSearchRow = z.infer<typeof globalSearchRow>;

/** Spec 000 sections 2 and 9: the search waits 2.5 s after typing stops. */
export const SEARCH_DEBOUNCE_MS = GLOBAL_SEARCH_DEBOUNCE_MS;
/** The server refuses longer terms. */
export const SEARCH_MAX_LENGTH = 100;

/** Shown under the field while 1 or 2 characters are typed (our wording, `tooShort`; the spec gives none). */
export const TOO_SHORT_MIN = GLOBAL_SEARCH_MIN_LENGTH;

export type SearchGate = { state: 'empty' } | { state: 'tooShort' } | { state: 'ready'; term: string };

/** What a typed text allows: nothing (empty), a hint (1-2 characters), or a search; surrounding spaces do not count. */
export function searchGate(text: string): SearchGate {
  const term = text.trim().slice(0, SEARCH_MAX_LENGTH);
  if (term === '') return { state: 'empty' };
  if (term.length < GLOBAL_SEARCH_MIN_LENGTH) return { state: 'tooShort' };
  return { state: 'ready', term };
}

/**
 * The term to send, or null for no request: the settled (debounced) text must allow a search, and so must
 * what the field holds now (a field cleared or cut short shows no stale results meanwhile).
 */
export function requestTerm(typed: string, settled: string): string | null {
  if (searchGate(typed).state !== 'ready') return null;
  const gate = searchGate(settled);
  return gate.state === 'ready' ? gate.term : null;
}

/** Whether a search is waiting for the typing to settle. */
export function isAwaitingSettle(typed: string, settled: string): boolean {
  const gate = searchGate(typed);
  return gate.state === 'ready' && requestTerm(typed, settled) !== gate.term;
}

export type SortBy = 'customerName' | 'name' | 'osVersion' | 'fwVersion' | 'status';
export type Sort = ColumnSort<SortBy>;
export const INITIAL_SORT: Sort = { sortBy: 'name', sortOrder: 'asc' };

/** The table's columns in order; each header is `columns.{sortBy}` of the catalogue. */
export const COLUMNS: readonly SortBy[] = ['customerName', 'name', 'osVersion', 'fwVersion', 'status'];

/** The session key of the remembered rows-per-page choice. */
export const GLOBAL_SEARCH_LIST_NAME = 'globalSearch';
export const GLOBAL_SEARCH_PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 10;

export function pageSizeFrom(remembered: number): number {
  return (GLOBAL_SEARCH_PAGE_SIZES as readonly number[]).includes(remembered)
    ? remembered
    : DEFAULT_PAGE_SIZE;
}

export interface GlobalSearchParams extends Sort {
  search: string;
  page: number;
  pageSize: number;
}

/** GET /api/global-search?search&page&pageSize&sortBy&sortOrder. */
export function globalSearchPath(params: GlobalSearchParams): string {
  const query = new URLSearchParams({
    search: params.search,
    page: String(params.page),
    pageSize: String(params.pageSize),
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  });
  return `/api/global-search?${query}`;
}

/** What a cell shows for a missing value. */
export function cellText(value: string | null | undefined): string {
  return value?.trim() ? value : '-';
}

/** The gateways page's query parameter that carries the chosen gateway's name ('Filtered by'). */
export const GATEWAY_NAME_PARAM = 'name';

/** Choosing a row opens its customer's gateways, filtered by the gateway's name. */
export function gatewayPathFor(row: Pick<GlobalSearchRow, 'scopeId' | 'name'>): string {
  const query = new URLSearchParams({ scopeId: row.scopeId, [GATEWAY_NAME_PARAM]: row.name });
  return `/cli/gateways?${query}`;
}

/** The gateways page's name filter: the same name, ignoring case and surrounding spaces; no filter keeps all. */
export function matchesGatewayName(gatewayName: string, filter: string | null | undefined): boolean {
  const wanted = filter?.trim().toLowerCase();
  return !wanted || gatewayName.trim().toLowerCase() === wanted;
}
