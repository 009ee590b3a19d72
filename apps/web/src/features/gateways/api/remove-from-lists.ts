import type { QueryClient } from '@tanstack/react-query';
import { type CachedGatewayList, GATEWAY_LISTS_KEY } from '../../../api/gateway-lists.ts';
import { windowsAfterRemoval } from '../gateway-windows.ts';

/**
 * Gateways left the lists (deleted, moved away): their rows go from every cached window at once, then the
 * windows they shifted (from the one that held them on) are fetched again; only those on screen at once.
 */
export function removeFromGatewayLists(queryClient: QueryClient, macIds: readonly string[]): Promise<void> {
  if (macIds.length === 0) return Promise.resolve();
  const entries = queryClient.getQueriesData<CachedGatewayList>({ queryKey: GATEWAY_LISTS_KEY });
  const stale = windowsAfterRemoval(entries, macIds);
  const gone = new Set(macIds);
  queryClient.setQueriesData<CachedGatewayList>({ queryKey: GATEWAY_LISTS_KEY }, (data) => {
    if (!data) return undefined;
    const gateways = Array.isArray(data) ? data : data.gateways;
    const next = gateways.filter((gateway) => !gone.has(gateway.macId));
    const removed = gateways.length - next.length;
    if (removed === 0) return undefined;
    if (Array.isArray(data)) return next;
    if (data.total === undefined || data.scopeTotal === undefined) return { ...data, gateways: next };
    // Counts asked with a window drop with its rows; a selection's own counts (a one-row answer) are asked
    // again with the stale windows below.
    return { ...data, gateways: next, total: data.total - removed, scopeTotal: data.scopeTotal - removed };
  });
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true }))).then(
    () => undefined,
  );
}
