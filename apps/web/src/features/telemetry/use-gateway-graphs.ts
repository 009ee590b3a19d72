import { eventsMessage, type GatewaySummary, live, liveSamples, type SensorKind } from '@portal/contract';
import { useMemo } from 'react';
import { useGraphConfigurations } from '../../api/get-graph-configurations.ts';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { useSession } from '../../lib/session.ts';
import { graphOptionFor } from '../portal-config/index.ts';
import { offlineAreas } from './offline-areas.ts';
import { useGraphData } from './use-graph-data.ts';
import { useGraphInterval } from './use-graph-interval.ts';

/** Portal Configuration's 'Graph Online-Offline' switch for the gateway's customer. */
function useGreyAreas(scopeId: string): boolean {
  const configurations = useGraphConfigurations();
  return graphOptionFor(configurations.data ?? [], scopeId) === 'On';
}

/**
 * Everything a graph view of one gateway needs: its interval, the `kinds` series over it with grey offline
 * areas, events and alerts, and, while the interval ends now, live samples and alerts appended as they come.
 */
export function useGatewayGraphs(gateway: GatewaySummary, kinds: readonly SensorKind[]) {
  const interval = useGraphInterval();
  const greyAreas = useGreyAreas(gateway.scopeId);
  const data = useGraphData({ macId: gateway.macId, range: interval.range, kinds, withStates: greyAreas });
  // A root user hears every scope (gateway-cache-updates.ts); anyone else the gateway's customer.
  const { isRootUser } = useSession();
  const scope = isRootUser ? '+' : gateway.scopeId;

  useLiveTopic(interval.live ? live.graph(scope, gateway.macId) : null, (message) => {
    const parsed = liveSamples.safeParse(message);
    if (parsed.success && parsed.data.macId === gateway.macId) data.appendSamples(parsed.data.samples);
  });
  useLiveTopic(interval.live ? live.gateways(scope) : null, (message) => {
    const { type, macId } = (message ?? {}) as { type?: unknown; macId?: unknown };
    if (type !== 'events' || macId !== gateway.macId) return;
    const parsed = eventsMessage.safeParse(message);
    if (!parsed.success) return;
    const { TI, SE = [], SA = [] } = parsed.data;
    data.appendEvents({ SE: SE.map((item) => ({ ...item, TI })), SA: SA.map((item) => ({ ...item, TI })) });
  });

  const offline = useMemo(
    () => (greyAreas ? offlineAreas(Object.values(data.readings).flat(), data.states, interval.range) : []),
    [greyAreas, data.readings, data.states, interval.range],
  );
  return { interval, ...data, offline };
}
