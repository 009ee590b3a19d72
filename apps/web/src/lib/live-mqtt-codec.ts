/**
 * The few MQTT 3.1.1 packets the browser's live connection uses (docs.oasis-open.org/mqtt/mqtt/v3.1.1):
 * it connects with a user name and password, subscribes and unsubscribes, receives PUBLISH at QoS 0, 1 or 2
 * and keeps the connection alive with PINGREQ. It never publishes. Checked against mqtt-packet, the parser
 * Aedes uses (live-mqtt-codec.test.ts).
 */

export const PACKET = {
  connect: 1,
  connack: 2,
  publish: 3,
  puback: 4,
  pubrec: 5,
  pubrel: 6,
  pubcomp: 7,
  subscribe: 8,
  suback: 9,
  unsubscribe: 10,
  unsuback: 11,
  pingreq: 12,
  pingresp: 13,
  disconnect: 14,
} as const;

/** A packet read from the broker: its type, the flags of its first byte and the bytes after the header. */
export interface RawPacket {
  type: number;
  flags: number;
  body: Uint8Array;
}

export interface ConnectOptions {
  clientId: string;
  username: string;
  password: string;
  keepaliveSeconds: number;
}

export interface PublishPacket {
  topic: string;
  qos: 0 | 1 | 2;
  /** Present when qos > 0. */
  packetId: number | undefined;
  payload: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The remaining length as MQTT's variable-length integer (at most 4 bytes, 268,435,455). */
function remainingLength(length: number): number[] {
  const bytes: number[] = [];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return bytes;
}

function utf8String(text: string): number[] {
  const bytes = encoder.encode(text);
  if (bytes.length > 0xffff) throw new RangeError('MQTT string longer than 65,535 bytes');
  return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
}

/** Bytes to send (a WebSocket sends views of a plain ArrayBuffer). */
export type PacketBytes = Uint8Array<ArrayBuffer>;

function packet(firstByte: number, body: number[]): PacketBytes {
  return Uint8Array.from([firstByte, ...remainingLength(body.length), ...body]);
}

const u16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];

/** CONNECT, protocol level 4 (3.1.1), clean session, user name and password. */
export function encodeConnect(options: ConnectOptions): PacketBytes {
  const USERNAME = 0x80;
  const PASSWORD = 0x40;
  const CLEAN_SESSION = 0x02;
  return packet(PACKET.connect << 4, [
    ...utf8String('MQTT'),
    4,
    USERNAME | PASSWORD | CLEAN_SESSION,
    ...u16(options.keepaliveSeconds),
    ...utf8String(options.clientId),
    ...utf8String(options.username),
    ...utf8String(options.password),
  ]);
}

export function encodeSubscribe(packetId: number, filter: string, qos: 0 | 1 | 2): PacketBytes {
  return packet((PACKET.subscribe << 4) | 0x02, [...u16(packetId), ...utf8String(filter), qos]);
}

export function encodeUnsubscribe(packetId: number, filter: string): PacketBytes {
  return packet((PACKET.unsubscribe << 4) | 0x02, [...u16(packetId), ...utf8String(filter)]);
}

/** PUBACK, PUBREC or PUBCOMP (PUBREL, which a receiver never sends, would need flags 0x02). */
export function encodeAck(
  type: typeof PACKET.puback | typeof PACKET.pubrec | typeof PACKET.pubcomp,
  packetId: number,
): PacketBytes {
  return packet(type << 4, u16(packetId));
}

export const PINGREQ: PacketBytes = Uint8Array.of(PACKET.pingreq << 4, 0);
export const DISCONNECT: PacketBytes = Uint8Array.of(PACKET.disconnect << 4, 0);

const readU16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);

/** The return code of a CONNACK (0: accepted). */
export function connackReturnCode(body: Uint8Array): number {
  return body[1] ?? 0xff;
}

export function decodePublish(raw: RawPacket): PublishPacket {
  const qos = ((raw.flags >> 1) & 0x03) as 0 | 1 | 2;
  const topicLength = readU16(raw.body, 0);
  const topic = decoder.decode(raw.body.subarray(2, 2 + topicLength));
  let at = 2 + topicLength;
  let packetId: number | undefined;
  if (qos > 0) {
    packetId = readU16(raw.body, at);
    at += 2;
  }
  return { topic, qos, packetId, payload: raw.body.subarray(at) };
}

/** The packet id of a PUBACK, PUBREC, PUBREL, PUBCOMP, SUBACK or UNSUBACK. */
export function packetIdOf(raw: RawPacket): number {
  return readU16(raw.body, 0);
}

/** The granted QoS (or 0x80, refused) of each filter of a SUBACK. */
export function subackReturnCodes(raw: RawPacket): number[] {
  return [...raw.body.subarray(2)];
}

/**
 * Splits the bytes of the connection (WebSocket messages may carry part of a packet or several) into
 * packets. Throws on a malformed remaining length; the caller then closes the connection.
 */
export class PacketReader {
  private buffered: Uint8Array = new Uint8Array(0);

  push(chunk: Uint8Array): RawPacket[] {
    this.buffered = this.buffered.length === 0 ? chunk : concat(this.buffered, chunk);
    const packets: RawPacket[] = [];
    for (;;) {
      const header = this.header();
      if (!header) break;
      const end = header.bodyStart + header.length;
      if (this.buffered.length < end) break;
      const first = this.buffered[0] ?? 0;
      packets.push({
        type: first >> 4,
        flags: first & 0x0f,
        body: this.buffered.slice(header.bodyStart, end),
      });
      this.buffered = this.buffered.subarray(end);
    }
    return packets;
  }

  /** The remaining length and where the body starts, or null while the header is incomplete. */
  private header(): { length: number; bodyStart: number } | null {
    let length = 0;
    let multiplier = 1;
    for (let index = 1; index <= 4; index += 1) {
      const byte = this.buffered[index];
      if (byte === undefined) return null;
      length += (byte & 0x7f) * multiplier;
      if ((byte & 0x80) === 0) return { length, bodyStart: index + 1 };
      multiplier *= 128;
    }
    throw new Error('Malformed MQTT remaining length');
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
