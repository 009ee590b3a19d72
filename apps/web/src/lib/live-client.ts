import { type MqttConfig, type MqttToken, topicMatches } from '@portal/contract';
import type { LiveSocket, OpenLiveSocket } from './live-socket.ts';

export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'stopped';
/** Receives a live message, already parsed from JSON, and the topic it came on. */
export type LiveListener = (message: unknown, topic: string) => void;

export interface PageLocation {
  hostname: string;
  port: string;
}

export interface LiveClientDeps {
  fetchConfig(): Promise<MqttConfig>;
  fetchToken(): Promise<MqttToken>;
  openSocket: OpenLiveSocket;
  /** The page's own address, used when the config leaves the host or port blank. */
  page: PageLocation;
}

/** Used until the config (and its retryCount) has been fetched once. */
export const DEFAULT_RETRY_COUNT = 5;
const MAX_RETRY_DELAY_MS = 15_000;

/** `${mqttProtocol}://${mqttHost}:${mqttPort}${mqttPath}`, falling back to the page's host and port. */
export function brokerUrl(config: MqttConfig, page: PageLocation): string {
  const host = config.mqttHost || page.hostname;
  const bracketedHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const port = config.mqttPort > 0 ? String(config.mqttPort) : page.port;
  const path = config.mqttPath.startsWith('/') ? config.mqttPath : `/${config.mqttPath}`;
  return `${config.mqttProtocol}://${bracketedHost}${port ? `:${port}` : ''}${path}`;
}

/** 1 s, 2 s, 4 s ... capped at 15 s. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_DELAY_MS);
}

/** The JSON body of a live message, or undefined when it is not JSON. */
export function parseJsonPayload(payload: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return undefined;
  }
}

/**
 * The browser's live-update connection: one MQTT connection per signed-in tab, shared by every screen.
 * Subscribes all wanted topics on each connect, and reconnects (with a fresh short-lived token) until more
 * than `retryCount` attempts in a row have failed, then stops. A successful connect resets the count.
 */
export class LiveClient {
  private status: LiveStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private socket: LiveSocket | null = null;
  private config: MqttConfig | null = null;
  private failedAttempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every attempt and by stop(), so callbacks of an earlier attempt know they are stale. */
  private attempt = 0;

  constructor(private readonly deps: LiveClientDeps) {}

  readonly getStatus = (): LiveStatus => this.status;

  readonly onStatusChange = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  /** Connects, unless already connected or trying to. */
  start(): void {
    if (this.status !== 'idle' && this.status !== 'stopped') return;
    this.failedAttempts = 0;
    this.config = null;
    void this.connect();
  }

  stop(): void {
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.closeSocket();
    this.setStatus('idle');
  }

  /** Listens on a topic filter (wildcards allowed) until the returned function is called. */
  subscribe(filter: string, listener: LiveListener): () => void {
    let filterListeners = this.listeners.get(filter);
    if (!filterListeners) {
      filterListeners = new Set();
      this.listeners.set(filter, filterListeners);
      if (this.status === 'connected') this.socket?.subscribe(filter);
    }
    const ownListeners = filterListeners;
    ownListeners.add(listener);
    return () => {
      ownListeners.delete(listener);
      if (ownListeners.size > 0 || this.listeners.get(filter) !== ownListeners) return;
      this.listeners.delete(filter);
      if (this.status === 'connected') this.socket?.unsubscribe(filter);
    };
  }

  private async connect(): Promise<void> {
    const attempt = ++this.attempt;
    this.setStatus(this.failedAttempts === 0 ? 'connecting' : 'reconnecting');
    let credentials: MqttToken;
    try {
      this.config ??= await this.deps.fetchConfig();
      credentials = await this.deps.fetchToken();
    } catch {
      if (attempt === this.attempt) this.retryLater();
      return;
    }
    if (attempt !== this.attempt) return;
    const isCurrent = () => attempt === this.attempt;
    let socket: LiveSocket;
    try {
      socket = await this.deps.openSocket(brokerUrl(this.config, this.deps.page), credentials, {
        onConnect: () => isCurrent() && this.handleConnect(),
        onMessage: (topic, payload) => isCurrent() && this.dispatch(topic, payload),
        onClose: () => isCurrent() && this.handleClose(),
      });
    } catch {
      if (isCurrent()) this.retryLater();
      return;
    }
    if (isCurrent()) this.socket = socket;
    else socket.close();
  }

  private handleConnect(): void {
    this.failedAttempts = 0;
    this.setStatus('connected');
    for (const filter of this.listeners.keys()) this.socket?.subscribe(filter);
  }

  private handleClose(): void {
    this.socket = null;
    this.retryLater();
  }

  private retryLater(): void {
    this.failedAttempts += 1;
    const retryCount = this.config?.retryCount ?? DEFAULT_RETRY_COUNT;
    if (this.failedAttempts > retryCount) {
      this.closeSocket();
      this.setStatus('stopped');
      return;
    }
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => void this.connect(), retryDelayMs(this.failedAttempts));
  }

  private dispatch(topic: string, payload: Uint8Array): void {
    const message = parseJsonPayload(payload);
    if (message === undefined) {
      console.warn(`Live message on ${topic} is not JSON; ignored`);
      return;
    }
    for (const [filter, filterListeners] of this.listeners) {
      if (!topicMatches(filter, topic)) continue;
      for (const listener of filterListeners) {
        try {
          listener(message, topic);
        } catch (error) {
          console.error(`Live listener for ${filter} failed`, error);
        }
      }
    }
  }

  private closeSocket(): void {
    this.socket?.close();
    this.socket = null;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }
}
