import { type GatewayPage, type GatewaySummary, gatewayPage } from '@portal/contract';
import { type QueryClient, queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CachedGatewayList, GATEWAY_LISTS_KEY } from '../../../api/gateway-lists.ts';
import { apiRequest } from '../../../lib/api.ts';
import {
  followingCursor,
  type ListSelection,
  rowsByIndex,
  type VisibleRange,
  windowOffsets,
} from '../gateway-windows.ts';

/** The key of one list (a scope and a selection); its windows add their offset and limit. */
export const gatewayListKey = (scopeId: string, selection: ListSelection) =>
  [...GATEWAY_LISTS_KEY, scopeId, 'page', selection] as const;

/**
 * The key of a selection's counts, asked once and kept while the windows come and go: they do not depend on
 * the order, so the key holds the selection in the name order (a sort asks no count again).
 */
export const gatewayCountsKey = (scopeId: string, selection: ListSelection) =>
  [...GATEWAY_LISTS_KEY, scopeId, 'counts', { ...selection, sort: 'name', order: 'asc' }] as const;

/** The query of one window: the selection's fields that are set, then the position (counts only if asked). */
function pageQuery(
  scopeId: string,
  selection: ListSelection,
  offset: number,
  limit: number,
  counts: boolean,
  after?: string,
): string {
  const query = new URLSearchParams({ scopeId });
  for (const field of ['search', 'status', 'enrollment', 'name'] as const) {
    const value = selection[field]?.trim();
    if (value) query.set(field, field === 'search' ? (selection.search ?? '') : value);
  }
  // The dashboards' links: an empty firmware or OS means 'none reported', so it is sent as it is.
  for (const field of ['firmware', 'os', 'tenant', 'area'] as const) {
    const value = selection[field];
    if (value !== undefined) query.set(field, value);
  }
  query.set('sort', selection.sort);
  query.set('order', selection.order);
  // A cursor stands for the offset: the server seeks just after the previous window's last row.
  if (after === undefined) query.set('offset', String(offset));
  else query.set('after', after);
  query.set('limit', String(limit));
  if (!counts) query.set('counts', 'false');
  return query.toString();
}

/**
 * GET /api/gateway/get-gateways-page: the gateways of the scope and every customer below it that match the
 * selection, in its order, `limit` from `offset` on, with the counts unless `counts` is false; with `after` (the
 * `next` cursor of the window just before), from that window's end by a keyset seek.
 */
export function getGatewayPage(
  scopeId: string,
  selection: ListSelection,
  offset: number,
  limit: number,
  signal?: AbortSignal,
  counts = true,
  after?: string,
): Promise<GatewayPage> {
  return apiRequest(
    `/api/gateway/get-gateways-page?${pageQuery(scopeId, selection, offset, limit, counts, after)}`,
    {
      schema: gatewayPage,
      signal,
    },
  );
}

/**
 * One window (with the counts unless `counts` is false: the grid's windows go without, their selection's
 * counts have a query of their own, and the unregistered list asks both at once). Kept fresh by live updates (see
 * use-live-gateway-updates.ts), so it is not polled. Given the query client, a window that directly follows
 * one in the cache is asked by that window's cursor (`followingCursor`), any other by its offset.
 */
export const gatewayWindowQueryOptions = (
  scopeId: string,
  selection: ListSelection,
  offset: number,
  limit: number,
  counts = true,
  client?: QueryClient,
) =>
  queryOptions({
    queryKey: [...gatewayListKey(scopeId, selection), offset, limit] as const,
    queryFn: ({ signal }) => {
      const previousKey = [...gatewayListKey(scopeId, selection), offset - limit, limit];
      const previous =
        client && offset >= limit ? client.getQueryState<CachedGatewayList>(previousKey) : undefined;
      const after = followingCursor(
        previous && { data: previous.data, invalidated: previous.isInvalidated },
        offset,
        limit,
      );
      return getGatewayPage(scopeId, selection, offset, limit, signal, counts, after);
    },
    enabled: scopeId !== '',
  });

/** A selection's counts: its first gateway by name, with them (one row: an index read besides the count). */
const gatewayCountsQueryOptions = (scopeId: string, selection: ListSelection) =>
  queryOptions({
    queryKey: gatewayCountsKey(scopeId, selection),
    queryFn: ({ signal }) =>
      getGatewayPage(scopeId, { ...selection, sort: 'name', order: 'asc' }, 0, 1, signal),
    enabled: scopeId !== '',
  });

export interface GatewayWindows {
  /** The gateway at each loaded position. */
  rows: ReadonlyMap<number, GatewaySummary>;
  /** The counts of the selection (asked once per selection, not with every window), undefined until they arrive. */
  counts?: { total: number; scopeTotal: number; mixed: boolean };
  /** A window on screen is being fetched for the first time. */
  loading: boolean;
  error: Error | null;
}

/**
 * The windows of `size` that cover the range on screen, fetched as it moves (windows already fetched come from
 * the cache). Nothing is asked while `enabled` is false.
 */
export function useGatewayWindows(
  scopeId: string,
  selection: ListSelection,
  range: VisibleRange,
  size: number,
  enabled = true,
): GatewayWindows {
  const offsets = windowOffsets(range, size);
  const client = useQueryClient();
  const counts = useQuery({
    ...gatewayCountsQueryOptions(scopeId, selection),
    enabled: enabled && scopeId !== '',
  });
  const windows = useQueries({
    queries: offsets.map((offset) => ({
      ...gatewayWindowQueryOptions(scopeId, selection, offset, size, false, client),
      enabled: enabled && scopeId !== '',
    })),
    combine: (results) => ({
      rows: rowsByIndex(results.map((result) => result.data)),
      loading: results.some((result) => result.isPending && result.fetchStatus === 'fetching'),
      error: results.find((result) => result.error)?.error ?? null,
    }),
  });
  const known = countsOf(counts.data);
  return {
    ...windows,
    counts: known,
    loading: windows.loading || (counts.isPending && counts.fetchStatus === 'fetching'),
    error: windows.error ?? counts.error,
  };
}

/** The counts a page answer carries, if it was asked with them. */
function countsOf(page: GatewayPage | undefined): GatewayWindows['counts'] {
  if (page?.total === undefined || page.scopeTotal === undefined) return undefined;
  return { total: page.total, scopeTotal: page.scopeTotal, mixed: page.mixed === true };
}

/**
 * The unregistered gateways of a customer (the Register gateway dialog offers them), at most 500: asked only
 * while the dialog is open.
 */
export function useUnregisteredGateways(scopeId: string) {
  return useQuery({
    ...gatewayWindowQueryOptions(scopeId, { enrollment: 'unregistered', sort: 'name', order: 'asc' }, 0, 500),
    select: (page) => page.gateways,
  });
}

/** Every gateway with this MAC in the cached lists, the most recently fetched first. */
export function cachedGateway(queryClient: QueryClient, macId: string): GatewaySummary | undefined {
  let found: { gateway: GatewaySummary; at: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: GATEWAY_LISTS_KEY })) {
    const data = query.state.data as CachedGatewayList | undefined;
    if (!data) continue;
    const gateways = Array.isArray(data) ? data : data.gateways;
    const gateway = gateways.find((candidate) => candidate.macId === macId);
    if (gateway && (!found || query.state.dataUpdatedAt > found.at))
      found = { gateway, at: query.state.dataUpdatedAt };
  }
  return found?.gateway;
}
