import type { MqttToken } from '@portal/contract';
import {
  connackReturnCode,
  DISCONNECT,
  decodePublish,
  encodeAck,
  encodeConnect,
  encodeSubscribe,
  encodeUnsubscribe,
  PACKET,
  type PacketBytes,
  PacketReader,
  PINGREQ,
  packetIdOf,
  type RawPacket,
  subackReturnCodes,
} from './live-mqtt-codec.ts';

/** Spec 000 section 7: the message connection's keepalive is 5 s. */
export const KEEPALIVE_SECONDS = 5;
/** Spec 000 section 7: live messages are published with quality 2. */
const LIVE_QOS = 2;
/** A connection without CONNACK by then is given up (and the live client tries again). */
export const CONNECT_TIMEOUT_MS = 10_000;
/** A SUBACK return code refusing the filter. */
const SUBACK_FAILURE = 0x80;

export interface LiveSocketHandlers {
  onConnect(): void;
  onMessage(topic: string, payload: Uint8Array): void;
  /** Called once, when the connection ends or could not be opened. */
  onClose(): void;
}

/** One MQTT connection as the live client sees it; it never reconnects by itself. */
export interface LiveSocket {
  subscribe(filter: string): void;
  unsubscribe(filter: string): void;
  close(): void;
}

export type OpenLiveSocket = (
  url: string,
  credentials: MqttToken,
  handlers: LiveSocketHandlers,
) => Promise<LiveSocket>;

/** The part of the browser's WebSocket the live socket uses. */
export interface MqttWebSocket {
  binaryType: BinaryType;
  readonly readyState: number;
  send(data: PacketBytes): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

const OPEN = 1;

/**
 * MQTT 3.1.1 over a WebSocket (subprotocol `mqtt`), as the live client needs it and no more: CONNECT with
 * the one-use token as password and a clean session, SUBSCRIBE at QoS 2 and UNSUBSCRIBE, PUBLISH received at
 * QoS 0 (delivered), 1 (delivered, PUBACK) and 2 (PUBREC, delivered once at PUBREL, PUBCOMP), a PINGREQ every
 * keepalive, the connection closed when a PINGRESP has not come back by the next one or the CONNACK not
 * within CONNECT_TIMEOUT_MS. It never reconnects: the LiveClient does, with a fresh token each time. About
 * 2 KB gzipped, where mqtt.js (with the Node buffer, events and stream code its browser build carries) was 96 KB.
 */
export function mqttSocketOpener(
  createWebSocket: (url: string) => MqttWebSocket = (url) => new WebSocket(url, 'mqtt'),
): OpenLiveSocket {
  return async (url, credentials, handlers) => {
    const ws = createWebSocket(url);
    ws.binaryType = 'arraybuffer';
    const reader = new PacketReader();
    /** Filters of the SUBSCRIBEs not yet acknowledged, by packet id. */
    const subscribing = new Map<number, string>();
    /** QoS 2 messages received (PUBREC sent), delivered at their PUBREL. */
    const exactlyOnce = new Map<number, { topic: string; payload: Uint8Array }>();
    let lastPacketId = 0;
    let connected = false;
    let ended = false;
    let pingOutstanding = false;
    let keepaliveTimer: ReturnType<typeof setInterval> | undefined;
    const connectTimer = setTimeout(() => end(true), CONNECT_TIMEOUT_MS);

    const send = (bytes: PacketBytes) => {
      if (!ended && ws.readyState === OPEN) ws.send(bytes);
    };
    const nextPacketId = () => {
      lastPacketId = (lastPacketId % 0xffff) + 1;
      return lastPacketId;
    };
    const end = (notify: boolean) => {
      if (ended) return;
      if (!notify && connected && ws.readyState === OPEN) ws.send(DISCONNECT);
      ended = true;
      clearTimeout(connectTimer);
      clearInterval(keepaliveTimer);
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      ws.close();
      if (notify) handlers.onClose();
    };
    const keepAlive = () => {
      // No PINGRESP since the last PINGREQ: the connection is dead, though the socket may not know it yet.
      if (pingOutstanding) return end(true);
      pingOutstanding = true;
      send(PINGREQ);
    };

    const handle = (packet: RawPacket) => {
      switch (packet.type) {
        case PACKET.connack:
          clearTimeout(connectTimer);
          // A refused CONNACK (bad or used token): the broker closes the connection, and so do we.
          if (connackReturnCode(packet.body) !== 0) return end(true);
          connected = true;
          keepaliveTimer = setInterval(keepAlive, KEEPALIVE_SECONDS * 1000);
          handlers.onConnect();
          return;
        case PACKET.publish: {
          const message = decodePublish(packet);
          if (message.qos === 2 && message.packetId !== undefined) {
            exactlyOnce.set(message.packetId, message);
            send(encodeAck(PACKET.pubrec, message.packetId));
            return;
          }
          handlers.onMessage(message.topic, message.payload);
          if (message.qos === 1 && message.packetId !== undefined)
            send(encodeAck(PACKET.puback, message.packetId));
          return;
        }
        case PACKET.pubrel: {
          const packetId = packetIdOf(packet);
          const message = exactlyOnce.get(packetId);
          exactlyOnce.delete(packetId);
          send(encodeAck(PACKET.pubcomp, packetId));
          if (message) handlers.onMessage(message.topic, message.payload);
          return;
        }
        case PACKET.suback: {
          const packetId = packetIdOf(packet);
          const filter = subscribing.get(packetId);
          subscribing.delete(packetId);
          if (subackReturnCodes(packet).includes(SUBACK_FAILURE))
            console.warn(`Live topic refused: ${filter}`);
          return;
        }
        case PACKET.pingresp:
          pingOutstanding = false;
          return;
        default:
          return; // UNSUBACK, and nothing else a broker sends a subscriber
      }
    };

    ws.onopen = () =>
      send(
        encodeConnect({
          clientId: credentials.clientId,
          username: credentials.username,
          password: credentials.token,
          keepaliveSeconds: KEEPALIVE_SECONDS,
        }),
      );
    ws.onmessage = (event) => {
      if (!(event.data instanceof ArrayBuffer)) return end(true);
      let packets: RawPacket[];
      try {
        packets = reader.push(new Uint8Array(event.data));
      } catch {
        return end(true);
      }
      for (const packet of packets) {
        if (ended) return;
        handle(packet);
      }
    };
    // A failed connect or a dropped socket also fires 'close', which is what the live client acts on.
    ws.onerror = () => undefined;
    ws.onclose = () => end(true);

    return {
      subscribe(filter) {
        if (!connected) return; // the live client subscribes every wanted filter at each connect
        const packetId = nextPacketId();
        subscribing.set(packetId, filter);
        send(encodeSubscribe(packetId, filter, LIVE_QOS));
      },
      unsubscribe(filter) {
        if (connected) send(encodeUnsubscribe(nextPacketId(), filter));
      },
      close: () => end(false),
    };
  };
}

/** The live client's connections, over the browser's WebSocket. */
export const openMqttSocket: OpenLiveSocket = mqttSocketOpener();
