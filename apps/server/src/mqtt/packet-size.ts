import type { Client } from 'aedes';

/**
 * Reads each MQTT packet's fixed header as the bytes of a connection go by (type byte, then the remaining
 * length as a variable byte integer) and skips the rest, buffering nothing. `feed` returns the whole size a
 * packet declares (fixed header included, as Mosquitto's max_packet_size counts it) once that is above
 * `maxBytes`, so the connection can be dropped before the packet's body is read.
 */
export class PacketSizeMeter {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private lengthBytes = 0;
  private multiplier = 1;
  private remaining = 0;

  constructor(private readonly maxBytes: number) {}

  /** The declared size of a packet above the limit found in these bytes, or null while every packet fits. */
  feed(chunk: Uint8Array): number | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'body') {
        const take = Math.min(this.remaining, chunk.length - i);
        this.remaining -= take;
        i += take;
        if (this.remaining === 0) this.state = 'type';
        continue;
      }
      const byte = chunk[i++]!;
      if (this.state === 'type') {
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
        this.multiplier = 1;
        continue;
      }
      this.length += (byte & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if (byte & 0x80) {
        // At most four length bytes (MQTT 2.2.3); a fifth is malformed, and so as good as too large.
        if (this.lengthBytes === 4) return Number.MAX_SAFE_INTEGER;
        continue;
      }
      const size = 1 + this.lengthBytes + this.length;
      if (size > this.maxBytes) return size;
      this.remaining = this.length;
      this.state = this.remaining === 0 ? 'type' : 'body';
    }
    return null;
  }
}

/**
 * Bounds what one connection of the embedded broker may send in a packet. Aedes (mqtt-packet) keeps a
 * packet's bytes until the whole packet has arrived, so without this a 250 MB PUBLISH sits in memory; here
 * every read is measured before it reaches the client's parser, and a packet declaring more than `maxBytes`
 * closes the connection as soon as its header is read (`onTooLarge` logs and counts it).
 */
export function limitPacketSize(client: Client, maxBytes: number, onTooLarge: (size: number) => void): void {
  // Aedes reads the connection and hands each read to this parser (mqtt-packet's public `parse`).
  const parser = (client as unknown as { _parser: { parse(chunk: Buffer): number } })._parser;
  const meter = new PacketSizeMeter(maxBytes);
  const parse = parser.parse.bind(parser);
  let refused = false;
  parser.parse = (chunk: Buffer) => {
    if (refused) return 0;
    const tooLarge = meter.feed(chunk);
    if (tooLarge === null) return parse(chunk);
    refused = true;
    onTooLarge(tooLarge);
    client.close();
    return 0;
  };
}

/**
 * The size of the MQTT 3.1.1 QoS 1 PUBLISH a gateway sends for this topic and payload (fixed header, topic,
 * packet id, payload): what an external broker's deliveries are measured by, since the packet the portal
 * receives from the broker carries the broker's own framing.
 */
export function publishPacketBytes(topic: string, payloadBytes: number): number {
  const remaining = 2 + Buffer.byteLength(topic) + 2 + payloadBytes;
  const lengthBytes = remaining < 128 ? 1 : remaining < 16_384 ? 2 : remaining < 2_097_152 ? 3 : 4;
  return 1 + lengthBytes + remaining;
}
