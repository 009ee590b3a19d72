import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LivePublisher } from '../lib/live.ts';

/** The portal's side of MQTT, embedded (Aedes) or external (a client of MQTT_URL). */
export interface Messaging {
  mode: 'embedded' | 'external';
  live: LivePublisher;
  /** Sends a message to devices (commands, whitelists...). */
  publishToDevices(topic: string, payload: unknown, qos?: 0 | 1 | 2): Promise<void>;
  /**
   * Drops a gateway's connection (it moved to another customer): it reconnects and is authorised under its
   * new tenant. The embedded broker does it; an external broker cannot be told, so it is only logged there.
   */
  disconnectDevice(mac: string): void;
  /** Serves a browser's WebSocket upgrade at `/mqtt`. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Starts the listeners (embedded TCP) or connects (external). */
  start(): Promise<void>;
  healthy(): boolean;
  /** Port of the embedded MQTT/TCP listener, once started. */
  tcpPort(): number | null;
  /** Stops taking device traffic; everything already taken is handled before it resolves. */
  close(): Promise<void>;
}

export class PortInUseError extends Error {}
