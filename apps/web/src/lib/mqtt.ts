import {
  effectivePermissions,
  liveChannelPermits,
  mqttConfig,
  mqttToken,
  parseLiveFilter,
  TENANT_KIND,
} from '@portal/contract';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { apiRequest } from './api.ts';
import { LiveClient, type LiveListener, type LiveStatus } from './live-client.ts';
import { openMqttSocket } from './live-socket.ts';
import { type Session, useSession } from './session.ts';

export type { LiveListener, LiveStatus } from './live-client.ts';

/** The tab's one live-update client (MQTT over WebSocket at the portal's `/mqtt`). */
export const liveClient = new LiveClient({
  fetchConfig: () => apiRequest('/api/mqttconfig', { schema: mqttConfig }),
  fetchToken: () => apiRequest('/api/mqtt-token', { method: 'POST', schema: mqttToken }),
  openSocket: openMqttSocket,
  page: window.location,
});

/** Keeps the live connection open while `enabled` (the shell passes "signed in"). */
export function useLiveConnection(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    liveClient.start();
    return () => liveClient.stop();
  }, [enabled]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveClient.onStatusChange, liveClient.getStatus);
}

/**
 * Whether the signed-in user may listen on `topic` by the contract's LIVE_CHANNELS table (the broker checks
 * the same, plus tenant reach): the app never asks for a channel the broker would refuse.
 */
export function mayListen(topic: string, session: Session): boolean {
  const parsed = parseLiveFilter(topic);
  if (!parsed || !session.user) return false;
  return liveChannelPermits(parsed, {
    userId: session.user.id,
    permissions: effectivePermissions(session.permissions),
    // The free-tier scope has no tenants below it: a member viewing it views its own tenant.
    freeTierMember:
      !session.isRootUser &&
      session.tenantKind === TENANT_KIND.freeTier &&
      session.tenantId === session.user.scopeId,
    vendorStaff: session.vendorStaff || session.isRootUser,
  });
}

/**
 * Calls `onMessage` with every JSON message on `topic` (a filter; build it with the `live` topic builders of
 * `@portal/contract`) while the component is mounted. Pass null to listen to nothing; a channel the user may
 * not have (LIVE_CHANNELS) is not subscribed either. `onMessage` may change on every render; validate the
 * message with the contract schema of the topic.
 */
export function useLiveTopic(topic: string | null | undefined, onMessage: LiveListener): void {
  const handleMessage = useEffectEvent(onMessage);
  const session = useSession();
  const permitted = topic && mayListen(topic, session) ? topic : null;
  useEffect(() => {
    if (!permitted) return;
    return liveClient.subscribe(permitted, (message, messageTopic) => handleMessage(message, messageTopic));
  }, [permitted]);
}
