import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DisconnectReason, LivePublisher } from '../lib/live.ts';
import type { BrowserPrincipal, DeviceIdentity } from '../lib/principal.ts';

/** What the broker asks the portal about who connects; the modules answer, app.ts wires them. */
export interface BrokerAccess {
  /** A gateway's MAC and credential. */
  authenticateDevice(mac: string, secret: string): Promise<DeviceIdentity | null>;
  /** A gateway known by its MAC (an external broker has authenticated it already). */
  identifyDevice(mac: string): Promise<DeviceIdentity | null>;
  /** A browser's short-lived token, bound to its session and client id. */
  authenticateBrowser(username: string, secret: string, clientId: string): Promise<BrowserPrincipal | null>;
  /** The browsers whose sessions still live, as their users stand now, by session digest. */
  liveBrowserPrincipals(sessionIdHashes: string[]): Promise<Map<string, BrowserPrincipal>>;
}

/** Where every device message goes, whichever broker carried it (modules/ingest). */
export interface DeviceMessageSink {
  /** Resolves once the message is stored or judged bad; rejects when storing failed (not acknowledged). */
  handle(
    device: DeviceIdentity,
    topic: string,
    payload: Buffer,
    flags?: { retain?: boolean; unpaced?: boolean },
  ): Promise<void>;
  /**
   * Refuses a message whole, counted (by `code`: 'too_large' from the transport, 'not_stored' for a QoS 0
   * message whose storing failed, which no broker delivers again) and logged.
   */
  refuse(device: DeviceIdentity, topic: string, reason: string, code?: 'too_large' | 'not_stored'): void;
  /** Waits until every message taken is handled and stored. */
  drain(): Promise<void>;
}

/** The portal's side of MQTT, embedded (Aedes) or external (a client of MQTT_URL). */
export interface Messaging {
  mode: 'embedded' | 'external';
  live: LivePublisher;
  /** Sends a message to devices (commands, whitelists...). */
  publishToDevices(topic: string, payload: unknown, qos?: 0 | 1 | 2): Promise<void>;
  /**
   * Drops a gateway's connection (it moved to another customer, or its credential was rotated): it reconnects
   * and is authenticated and authorised afresh. The embedded broker does it; an external broker cannot be
   * told, so it is only logged there.
   */
  disconnectDevice(mac: string, reason?: DisconnectReason): void;
  /**
   * The part (0-1] of the shared subscription's device traffic this instance's connections receive: its
   * consumer connections among all the portal's registered ones (external broker); 1 with the embedded one.
   */
  deviceTrafficShare(): number;
  /** Serves a browser's WebSocket upgrade at `/mqtt`. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Starts the listeners (embedded TCP) or connects (external). */
  start(): Promise<void>;
  healthy(): boolean;
  /** Port of the embedded MQTT/TCP listener, once started. */
  tcpPort(): number | null;
  /** Browsers connected to this instance's /mqtt, and the live messages relayed to them so far (/metrics). */
  liveStats(): { browsers: number; relayedToBrowsers: number };
  /** Stops taking device traffic; everything already taken is handled before it resolves. */
  close(): Promise<void>;
}

export class PortInUseError extends Error {}
