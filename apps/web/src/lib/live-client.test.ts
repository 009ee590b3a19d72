import type { MqttConfig, MqttToken } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brokerUrl, LiveClient, retryDelayMs } from './live-client.ts';
import type { LiveSocket, LiveSocketHandlers } from './live-socket.ts';

const config: MqttConfig = {
  mqttHost: 'portal.test',
  mqttProtocol: 'wss',
  mqttPort: 443,
  mqttPath: '/mqtt',
  retryCount: 2,
};
const page = { hostname: 'page.test', port: '5173' };

class FakeSocket implements LiveSocket {
  readonly subscribed: string[] = [];
  readonly unsubscribed: string[] = [];
  closed = false;
  constructor(
    readonly url: string,
    readonly credentials: MqttToken,
    readonly handlers: LiveSocketHandlers,
  ) {}
  subscribe(filter: string) {
    this.subscribed.push(filter);
  }
  unsubscribe(filter: string) {
    this.unsubscribed.push(filter);
  }
  close() {
    this.closed = true;
  }
  deliver(topic: string, body: string) {
    this.handlers.onMessage(topic, new TextEncoder().encode(body));
  }
}

function setUp() {
  const sockets: FakeSocket[] = [];
  let tokens = 0;
  const fetchToken = vi.fn(
    async (): Promise<MqttToken> => ({
      username: 'u1',
      token: `token-${++tokens}`,
      clientId: `frontend-u1-${tokens}`,
      expiresAt: new Date().toISOString(),
    }),
  );
  const client = new LiveClient({
    fetchConfig: async () => config,
    fetchToken,
    openSocket: async (url, credentials, handlers) => {
      const socket = new FakeSocket(url, credentials, handlers);
      sockets.push(socket);
      return socket;
    },
    page,
  });
  const lastSocket = () => sockets.at(-1)!;
  return { client, sockets, lastSocket, fetchToken };
}

describe('live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects with a fresh token and subscribes wanted topics on connect', async () => {
    const { client, lastSocket } = setUp();
    const received: unknown[] = [];
    client.subscribe('portal/t1/scopes', (message) => received.push(message));
    client.start();
    await vi.runAllTimersAsync();
    expect(lastSocket().url).toBe('wss://portal.test:443/mqtt');
    expect(lastSocket().credentials.token).toBe('token-1');
    lastSocket().handlers.onConnect();
    expect(client.getStatus()).toBe('connected');
    expect(lastSocket().subscribed).toEqual(['portal/t1/scopes']);
    lastSocket().deliver('portal/t1/scopes', '{"name":"Acme"}');
    lastSocket().deliver('portal/t1/scopes', 'not json');
    expect(received).toEqual([{ name: 'Acme' }]);
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it('matches wildcard filters and unsubscribes the last listener', async () => {
    const { client, lastSocket } = setUp();
    client.start();
    await vi.runAllTimersAsync();
    lastSocket().handlers.onConnect();
    const topics: string[] = [];
    const stop = client.subscribe('portal/t1/graph/+', (_message, topic) => topics.push(topic));
    expect(lastSocket().subscribed).toEqual(['portal/t1/graph/+']);
    lastSocket().deliver('portal/t1/graph/AABBCCDDEEFF', '{}');
    lastSocket().deliver('portal/t2/graph/AABBCCDDEEFF', '{}');
    stop();
    expect(topics).toEqual(['portal/t1/graph/AABBCCDDEEFF']);
    expect(lastSocket().unsubscribed).toEqual(['portal/t1/graph/+']);
  });

  it('reconnects with a new token until retryCount is exceeded, then stops', async () => {
    const { client, sockets, fetchToken } = setUp();
    client.start();
    await vi.runAllTimersAsync();
    sockets[0]!.handlers.onClose();
    expect(client.getStatus()).toBe('reconnecting');
    await vi.runAllTimersAsync();
    sockets[1]!.handlers.onClose();
    await vi.runAllTimersAsync();
    expect(sockets[2]!.credentials.token).toBe('token-3');
    sockets[2]!.handlers.onClose();
    await vi.runAllTimersAsync();
    expect(client.getStatus()).toBe('stopped');
    expect(sockets).toHaveLength(3);
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });

  it('starts counting again after a successful connect', async () => {
    const { client, sockets } = setUp();
    client.start();
    await vi.runAllTimersAsync();
    for (let round = 0; round < 4; round++) {
      sockets.at(-1)!.handlers.onClose();
      await vi.runAllTimersAsync();
      sockets.at(-1)!.handlers.onConnect();
    }
    expect(client.getStatus()).toBe('connected');
    expect(sockets).toHaveLength(5);
  });

  it('ignores a connection that finishes after stop()', async () => {
    const { client, sockets } = setUp();
    client.start();
    client.stop();
    await vi.runAllTimersAsync();
    expect(sockets).toHaveLength(0);
    expect(client.getStatus()).toBe('idle');
  });
});

describe('live client helpers', () => {
  it('builds the broker URL, falling back to the page address', () => {
    expect(brokerUrl(config, page)).toBe('wss://portal.test:443/mqtt');
    expect(brokerUrl({ ...config, mqttHost: '', mqttPort: 0, mqttPath: 'mqtt' }, page)).toBe(
      'wss://page.test:5173/mqtt',
    );
    expect(brokerUrl({ ...config, mqttHost: '::1', mqttProtocol: 'ws', mqttPort: 8080 }, page)).toBe(
      'ws://[::1]:8080/mqtt',
    );
  });

  it('backs off 1, 2, 4 ... seconds up to 15', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });
});
