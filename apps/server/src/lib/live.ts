/** Pushes a live update to the browsers subscribed to a `portal/{scopeId}/...` channel. */
export interface LivePublisher {
  publish(topic: string, payload: unknown): void;
}

/** Sends to gateways (commands, instructions, whitelists); the spec's publishes are QoS 2. */
export interface DevicePublisher {
  publishToDevices(topic: string, payload: unknown, qos?: 0 | 1 | 2): Promise<void>;
}

/**
 * Why a gateway's connection is dropped: it moved to another customer and must reconnect as that customer's,
 * or its credential was rotated and the connection made with the previous one must end.
 */
export type DisconnectReason = 'moved' | 'credential rotated';

/** Drops a gateway's connection (see DisconnectReason). */
export interface DeviceDisconnector {
  disconnectDevice(mac: string, reason?: DisconnectReason): void;
}
