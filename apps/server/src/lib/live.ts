/** Pushes a live update to the browsers subscribed to a `portal/{scopeId}/...` channel. */
export interface LivePublisher {
  publish(topic: string, payload: unknown): void;
}

/** Sends to gateways (commands, instructions, whitelists); the spec's publishes are QoS 2. */
export interface DevicePublisher {
  publishToDevices(topic: string, payload: unknown, qos?: 0 | 1 | 2): Promise<void>;
}

/** Drops a gateway's connection: it moved to another customer and must reconnect as that customer's. */
export interface DeviceDisconnector {
  disconnectDevice(mac: string): void;
}
