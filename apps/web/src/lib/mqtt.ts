import { mqttConfig, mqttToken } from '@portal/contract';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { apiRequest } from './api.ts';
import { LiveClient, type LiveListener, type LiveStatus } from './live-client.ts';
import { openMqttSocket } from './live-socket.ts';

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
 * Calls `onMessage` with every JSON message on `topic` (a filter; build it with the `live` topic builders of
 * `@portal/contract`) while the component is mounted. Pass null to listen to nothing. `onMessage` may change
 * on every render; validate the message with the contract schema of the topic.
 */
export function useLiveTopic(topic: string | null | undefined, onMessage: LiveListener): void {
  const handleMessage = useEffectEvent(onMessage);
  useEffect(() => {
    if (!topic) return;
    return liveClient.subscribe(topic, (message, messageTopic) => handleMessage(message, messageTopic));
  }, [topic]);
}
