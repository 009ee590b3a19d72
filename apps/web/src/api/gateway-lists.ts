import type { GatewayPage, GatewaySummary } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The cached gateway lists (GET /api/gateway/get-gateways-page, asked by features/gateways), which the features
 * whose calls change a gateway (gateway-commands, instructions, the gateway list itself) write or refresh.
 */

/** Every cached gateway list starts with this key, whatever its scope (live updates write them all). */
export const GATEWAY_LISTS_KEY = ['gateways', 'list'] as const;

type ListUpdate = (gateways: GatewaySummary[]) => GatewaySummary[];

/** What a cached gateway list may be: a window of the page, or a whole list (an older cache, other callers). */
export type CachedGatewayList = GatewayPage | GatewaySummary[];

/**
 * Applies a change of gateways (a live message, a command's answer) to one cached list, in place: a window
 * keeps its position and counts. Undefined when nothing changed (so the cache is not written).
 */
export function patchCachedList(
  data: CachedGatewayList | undefined,
  update: ListUpdate,
): CachedGatewayList | undefined {
  if (!data) return undefined;
  if (Array.isArray(data)) {
    const next = update(data);
    return next === data ? undefined : next;
  }
  const next = update(data.gateways);
  return next === data.gateways ? undefined : { ...data, gateways: next };
}

/** Applies a change of gateways to every cached list (windows and whole lists) in place. */
export function patchGatewayLists(queryClient: QueryClient, update: ListUpdate): void {
  queryClient.setQueriesData<CachedGatewayList>({ queryKey: GATEWAY_LISTS_KEY }, (data) =>
    patchCachedList(data, update),
  );
}

/**
 * After a registry write the cached lists are asked again (the live deviceMoved message may also do it).
 * Not awaited by the mutations: their result text must not wait for (or be lost in) the list's refresh.
 */
export function refreshGatewayLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: GATEWAY_LISTS_KEY });
}
