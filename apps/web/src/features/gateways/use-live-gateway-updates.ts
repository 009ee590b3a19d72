import type { GatewaySummary } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { useSession } from '../../lib/session.ts';
import { GATEWAY_LISTS_KEY } from './api/get-gateways.ts';
import { applyGatewayChangeMessage, applyGraphMessage, gatewayLiveTopics } from './gateway-cache-updates.ts';

type GatewayListUpdate = (gateways: GatewaySummary[], message: unknown) => GatewaySummary[];

/**
 * Keeps the cached gateway lists current from the graph and gateways live channels, in place (no refetch).
 * Only lists that actually change are written, so other messages cause no render.
 */
export function useLiveGatewayUpdates(scopeId: string): void {
  const { isRootUser } = useSession();
  const queryClient = useQueryClient();
  const topics = gatewayLiveTopics(isRootUser, scopeId);

  const updateCachedLists = (update: GatewayListUpdate, message: unknown) => {
    queryClient.setQueriesData<GatewaySummary[]>({ queryKey: GATEWAY_LISTS_KEY }, (gateways) => {
      if (!gateways) return undefined;
      const next = update(gateways, message);
      return next === gateways ? undefined : next;
    });
  };

  useLiveTopic(topics?.graph, (message) => updateCachedLists(applyGraphMessage, message));
  useLiveTopic(topics?.gateways, (message) => updateCachedLists(applyGatewayChangeMessage, message));
}
