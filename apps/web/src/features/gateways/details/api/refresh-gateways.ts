import type { QueryClient } from '@tanstack/react-query';
import { GATEWAY_LISTS_KEY } from '../../api/get-gateways.ts';

/**
 * After a registry write the cached lists are asked again (the live deviceMoved message may also do it).
 * Not awaited by the mutations: their result text must not wait for (or be lost in) the list's refresh.
 */
export function refreshGatewayLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: GATEWAY_LISTS_KEY });
}
