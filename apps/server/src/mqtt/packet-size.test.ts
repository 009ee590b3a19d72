import { describe, expect, it } from 'vitest';
import { PacketSizeMeter } from './packet-size.ts';

/** MQTT's variable byte integer. */
const varint = (value: number) => {
  const bytes: number[] = [];
  let n = value;
  do {
    bytes.push((n % 128) | (n >= 128 ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  return bytes;
};
/** A QoS 1 PUBLISH-shaped packet with this remaining length (its body zeros). */
const packet = (remaining: number) =>
  Buffer.concat([Buffer.from([0x32, ...varint(remaining)]), Buffer.alloc(remaining)]);

describe('PacketSizeMeter', () => {
  it('lets a packet of exactly the limit through and stops one byte more at its header', () => {
    const exact = packet(1000);
    expect(exact.length).toBe(1003);
    expect(new PacketSizeMeter(1003).feed(exact)).toBeNull();
    expect(new PacketSizeMeter(1003).feed(packet(1001).subarray(0, 3))).toBe(1004);
  });

  it('follows packets split anywhere and packed together', () => {
    const stream = Buffer.concat([packet(10), packet(300), packet(0), packet(20_000)]);
    const meter = new PacketSizeMeter(20_004);
    for (let i = 0; i < stream.length; i += 3) expect(meter.feed(stream.subarray(i, i + 3))).toBeNull();
    expect(new PacketSizeMeter(303).feed(stream)).toBe(20_004);
  });

  it('reads empty packets (PINGREQ) and refuses a length of more than four bytes', () => {
    const meter = new PacketSizeMeter(1_000_000_000);
    expect(meter.feed(Buffer.from([0xc0, 0x00, 0xc0, 0x00]))).toBeNull();
    expect(meter.feed(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff]))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('knows a 250 MB packet from its first five bytes', () => {
    const size = 250 * 1024 * 1024;
    expect(new PacketSizeMeter(262_144).feed(Buffer.from([0x32, ...varint(size)]))).toBe(1 + 4 + size);
  });
});
