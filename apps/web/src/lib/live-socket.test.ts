/// <reference types="node" />
import type { MqttToken } from '@portal/contract';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECT_TIMEOUT_MS,
  KEEPALIVE_SECONDS,
  type MqttWebSocket,
  mqttSocketOpener,
} from './live-socket.ts';

/** A WebSocket whose peer is the test: it reads what the socket sends with mqtt-packet, Aedes's parser. */
class FakeWebSocket implements MqttWebSocket {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  closed = false;
  readonly sent: Packet[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly parser = mqttPacket.parser({ protocolVersion: 4 });

  constructor(readonly url: string) {
    this.parser.on('packet', (packet: Packet) => this.sent.push(packet));
  }
  send(data: Uint8Array) {
    if (this.readyState !== 1) throw new Error('not open');
    this.parser.parse(Buffer.from(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** The broker sends `packets` in one WebSocket message. */
  receive(...packets: Packet[]) {
    const bytes = Buffer.concat(packets.map((packet) => mqttPacket.generate(packet, { protocolVersion: 4 })));
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** The server or the network ends the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.(new Event('close') as CloseEvent);
  }
  commands() {
    return this.sent.map((packet) => packet.cmd);
  }
}

const credentials: MqttToken = {
  username: 'user-1',
  token: 'one-use',
  clientId: 'frontend-user-1-x',
  expiresAt: new Date().toISOString(),
};

async function open() {
  let ws: FakeWebSocket | undefined;
  const handlers = { onConnect: vi.fn(), onMessage: vi.fn(), onClose: vi.fn() };
  const socket = await mqttSocketOpener((url) => {
    ws = new FakeWebSocket(url);
    return ws;
  })('ws://portal.test/mqtt', credentials, handlers);
  return { socket, handlers, ws: ws! };
}

async function connected() {
  const opened = await open();
  opened.ws.open();
  opened.ws.receive({ cmd: 'connack', returnCode: 0, sessionPresent: false });
  return opened;
}

const publish = (qos: 0 | 1 | 2, body: unknown, messageId?: number): Packet => ({
  cmd: 'publish',
  topic: 'portal/t1/gateways',
  payload: Buffer.from(JSON.stringify(body)),
  qos,
  dup: false,
  retain: false,
  ...(messageId === undefined ? {} : { messageId }),
});

describe('live socket (MQTT 3.1.1 over WebSocket)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects with the one-use token, a clean session and a 5 s keepalive', async () => {
    const { ws, handlers } = await open();
    expect(ws.url).toBe('ws://portal.test/mqtt');
    expect(ws.binaryType).toBe('arraybuffer');
    ws.open();
    expect(ws.sent).toEqual([
      expect.objectContaining({
        cmd: 'connect',
        protocolVersion: 4,
        clean: true,
        keepalive: KEEPALIVE_SECONDS,
        clientId: 'frontend-user-1-x',
        username: 'user-1',
      }),
    ]);
    expect(String((ws.sent[0] as mqttPacket.IConnectPacket).password)).toBe('one-use');
    expect(handlers.onConnect).not.toHaveBeenCalled();
    ws.receive({ cmd: 'connack', returnCode: 0, sessionPresent: false });
    expect(handlers.onConnect).toHaveBeenCalledTimes(1);
  });

  it('subscribes at QoS 2, warns of a refused filter and unsubscribes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { ws, socket } = await connected();
    socket.subscribe('portal/t1/gateways');
    socket.subscribe('portal/t1/secret');
    socket.unsubscribe('portal/t1/gateways');
    expect(ws.sent.slice(1)).toEqual([
      expect.objectContaining({
        cmd: 'subscribe',
        messageId: 1,
        subscriptions: [{ topic: 'portal/t1/gateways', qos: 2 }],
      }),
      expect.objectContaining({
        cmd: 'subscribe',
        messageId: 2,
        subscriptions: [{ topic: 'portal/t1/secret', qos: 2 }],
      }),
      expect.objectContaining({ cmd: 'unsubscribe', messageId: 3, unsubscriptions: ['portal/t1/gateways'] }),
    ]);
    ws.receive(
      { cmd: 'suback', messageId: 1, granted: [1] },
      { cmd: 'suback', messageId: 2, granted: [128] },
    );
    expect(warn.mock.calls).toEqual([['Live topic refused: portal/t1/secret']]);
  });

  it('delivers QoS 0 and 1 messages (PUBACK for 1), and QoS 2 once at PUBREL', async () => {
    const { ws, handlers } = await connected();
    const payloads = () =>
      handlers.onMessage.mock.calls.map(([topic, payload]) => [topic, new TextDecoder().decode(payload)]);
    ws.receive(publish(0, { n: 0 }), publish(1, { n: 1 }, 11));
    expect(payloads()).toEqual([
      ['portal/t1/gateways', '{"n":0}'],
      ['portal/t1/gateways', '{"n":1}'],
    ]);
    expect(ws.sent.at(-1)).toMatchObject({ cmd: 'puback', messageId: 11 });

    ws.receive(publish(2, { n: 2 }, 12));
    expect(ws.sent.at(-1)).toMatchObject({ cmd: 'pubrec', messageId: 12 });
    ws.receive(publish(2, { n: 2 }, 12)); // sent again before our PUBREC arrived
    expect(handlers.onMessage).toHaveBeenCalledTimes(2);
    ws.receive({ cmd: 'pubrel', messageId: 12 });
    ws.receive({ cmd: 'pubrel', messageId: 12 });
    expect(payloads().at(-1)).toEqual(['portal/t1/gateways', '{"n":2}']);
    expect(handlers.onMessage).toHaveBeenCalledTimes(3);
    expect(ws.commands().slice(-2)).toEqual(['pubcomp', 'pubcomp']);
  });

  it('pings every keepalive and closes when a PINGRESP does not come back', async () => {
    const { ws, handlers } = await connected();
    await vi.advanceTimersByTimeAsync(KEEPALIVE_SECONDS * 1000);
    expect(ws.commands()).toEqual(['connect', 'pingreq']);
    ws.receive({ cmd: 'pingresp' });
    await vi.advanceTimersByTimeAsync(KEEPALIVE_SECONDS * 1000);
    expect(ws.commands()).toEqual(['connect', 'pingreq', 'pingreq']);
    expect(handlers.onClose).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(KEEPALIVE_SECONDS * 1000);
    expect(ws.closed).toBe(true);
    expect(handlers.onClose).toHaveBeenCalledTimes(1);
  });

  it('closes when the broker refuses the token or sends no CONNACK in time', async () => {
    const refused = await open();
    refused.ws.open();
    refused.ws.receive({ cmd: 'connack', returnCode: 5, sessionPresent: false });
    expect(refused.handlers.onConnect).not.toHaveBeenCalled();
    expect(refused.handlers.onClose).toHaveBeenCalledTimes(1);
    expect(refused.ws.closed).toBe(true);

    const silent = await open();
    silent.ws.open();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(silent.handlers.onClose).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.handlers.onClose).toHaveBeenCalledTimes(1);
    expect(silent.ws.closed).toBe(true);
  });

  it('tells the live client once when the connection drops, and not when it closes it itself', async () => {
    const dropped = await connected();
    dropped.ws.drop();
    dropped.ws.onclose?.(new Event('close') as CloseEvent);
    expect(dropped.handlers.onClose).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 2);
    expect(dropped.handlers.onClose).toHaveBeenCalledTimes(1);

    const ended = await connected();
    ended.socket.close();
    expect(ended.ws.commands().at(-1)).toBe('disconnect');
    expect(ended.ws.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 2);
    expect(ended.handlers.onClose).not.toHaveBeenCalled();
  });

  it('closes on bytes that are not MQTT', async () => {
    const { ws, handlers } = await connected();
    ws.onmessage?.(
      new MessageEvent('message', { data: Uint8Array.of(0x30, 0xff, 0xff, 0xff, 0xff, 0x01).buffer }),
    );
    expect(handlers.onClose).toHaveBeenCalledTimes(1);
    expect(ws.closed).toBe(true);
  });
});
