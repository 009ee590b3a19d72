/// <reference types="node" />
import mqttPacket, { type Packet } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import {
  connackReturnCode,
  DISCONNECT,
  decodePublish,
  encodeAck,
  encodeConnect,
  encodeSubscribe,
  encodeUnsubscribe,
  PACKET,
  PacketReader,
  PINGREQ,
  packetIdOf,
  subackReturnCodes,
} from './live-mqtt-codec.ts';

/** What mqtt-packet (the parser Aedes uses) reads from our bytes. */
function parsed(bytes: Uint8Array): Packet[] {
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  const packets: Packet[] = [];
  const errors: Error[] = [];
  parser.on('packet', (packet: Packet) => packets.push(packet));
  parser.on('error', (error: Error) => errors.push(error));
  parser.parse(Buffer.from(bytes));
  expect(errors).toEqual([]);
  return packets;
}

/** Broker packets as mqtt-packet writes them. */
const generated = (packet: Packet) => new Uint8Array(mqttPacket.generate(packet, { protocolVersion: 4 }));

describe('live MQTT packets we send', () => {
  it('CONNECT: 3.1.1, clean session, keepalive, client id, user name and password', () => {
    const bytes = encodeConnect({
      clientId: 'frontend-u1-abc',
      username: 'user-1',
      password: 'one-use token é',
      keepaliveSeconds: 5,
    });
    const [packet] = parsed(bytes);
    expect(packet).toMatchObject({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: true,
      keepalive: 5,
      clientId: 'frontend-u1-abc',
      username: 'user-1',
    });
    expect(Buffer.from((packet as mqttPacket.IConnectPacket).password ?? '').toString()).toBe(
      'one-use token é',
    );
    expect(bytes).toEqual(
      generated({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        keepalive: 5,
        clientId: 'frontend-u1-abc',
        username: 'user-1',
        password: Buffer.from('one-use token é'),
      }),
    );
  });

  it('a CONNECT longer than 127 bytes has a two-byte remaining length', () => {
    const token = 'x'.repeat(300);
    const bytes = encodeConnect({ clientId: 'c', username: 'u', password: token, keepaliveSeconds: 5 });
    expect(bytes[1]! & 0x80).toBe(0x80);
    const [packet] = parsed(bytes);
    expect(Buffer.from((packet as mqttPacket.IConnectPacket).password ?? '').toString()).toBe(token);
  });

  it('SUBSCRIBE and UNSUBSCRIBE one filter with a packet id', () => {
    expect(parsed(encodeSubscribe(7, 'portal/t1/gateways/#', 2))).toEqual([
      expect.objectContaining({
        cmd: 'subscribe',
        messageId: 7,
        subscriptions: [{ topic: 'portal/t1/gateways/#', qos: 2 }],
      }),
    ]);
    expect(parsed(encodeUnsubscribe(65535, 'portal/t1/scopes'))).toEqual([
      expect.objectContaining({
        cmd: 'unsubscribe',
        messageId: 65535,
        unsubscriptions: ['portal/t1/scopes'],
      }),
    ]);
  });

  it('PUBACK, PUBREC, PUBCOMP, PINGREQ and DISCONNECT', () => {
    expect(parsed(encodeAck(PACKET.puback, 1))[0]).toMatchObject({ cmd: 'puback', messageId: 1 });
    expect(parsed(encodeAck(PACKET.pubrec, 258))[0]).toMatchObject({ cmd: 'pubrec', messageId: 258 });
    expect(parsed(encodeAck(PACKET.pubcomp, 3))[0]).toMatchObject({ cmd: 'pubcomp', messageId: 3 });
    expect([...PINGREQ]).toEqual([0xc0, 0x00]);
    expect(parsed(PINGREQ)[0]).toMatchObject({ cmd: 'pingreq' });
    expect(parsed(DISCONNECT)[0]).toMatchObject({ cmd: 'disconnect' });
  });
});

describe('live MQTT packets we receive', () => {
  const publish = (qos: 0 | 1 | 2, payload: string, messageId?: number) =>
    generated({
      cmd: 'publish',
      topic: 'portal/t1/gateways',
      payload: Buffer.from(payload),
      qos,
      dup: false,
      retain: false,
      ...(messageId === undefined ? {} : { messageId }),
    });

  it('reads PUBLISH at QoS 0, 1 and 2', () => {
    const reader = new PacketReader();
    const packets = reader.push(publish(0, '{"a":1}'));
    expect(packets.map((packet) => packet.type)).toEqual([PACKET.publish]);
    const message = decodePublish(packets[0]!);
    expect(message).toMatchObject({ topic: 'portal/t1/gateways', qos: 0, packetId: undefined });
    expect(new TextDecoder().decode(message.payload)).toBe('{"a":1}');

    expect(decodePublish(reader.push(publish(1, 'é', 300))[0]!)).toMatchObject({ qos: 1, packetId: 300 });
    const exactlyOnce = decodePublish(reader.push(publish(2, '{}', 9))[0]!);
    expect(exactlyOnce).toMatchObject({ qos: 2, packetId: 9 });
    expect(new TextDecoder().decode(exactlyOnce.payload)).toBe('{}');
  });

  it('joins packets split across WebSocket messages and splits several in one', () => {
    const big = JSON.stringify({ rows: 'y'.repeat(20_000) }); // a three-byte remaining length
    const stream = Uint8Array.from([
      ...publish(1, big, 1),
      ...generated({ cmd: 'pingresp' }),
      ...publish(0, '{"b":2}'),
      ...generated({ cmd: 'suback', messageId: 4, granted: [2, 128] }),
    ]);
    for (const chunkSize of [1, 2, 3, 7, 1000, stream.length]) {
      const reader = new PacketReader();
      const packets = [];
      for (let at = 0; at < stream.length; at += chunkSize)
        packets.push(...reader.push(stream.slice(at, at + chunkSize)));
      expect(packets.map((packet) => packet.type)).toEqual([
        PACKET.publish,
        PACKET.pingresp,
        PACKET.publish,
        PACKET.suback,
      ]);
      expect(new TextDecoder().decode(decodePublish(packets[0]!).payload)).toBe(big);
      expect(new TextDecoder().decode(decodePublish(packets[2]!).payload)).toBe('{"b":2}');
      expect(packetIdOf(packets[3]!)).toBe(4);
      expect(subackReturnCodes(packets[3]!)).toEqual([2, 128]);
    }
  });

  it('reads CONNACK return codes and acknowledgement ids', () => {
    const reader = new PacketReader();
    const [accepted, refused, pubrel, unsuback] = reader.push(
      Uint8Array.from([
        ...generated({ cmd: 'connack', returnCode: 0, sessionPresent: false }),
        ...generated({ cmd: 'connack', returnCode: 5, sessionPresent: false }),
        ...generated({ cmd: 'pubrel', messageId: 513 }),
        ...generated({ cmd: 'unsuback', messageId: 2, granted: [] }),
      ]),
    );
    expect(accepted?.type).toBe(PACKET.connack);
    expect(connackReturnCode(accepted!.body)).toBe(0);
    expect(connackReturnCode(refused!.body)).toBe(5);
    expect(pubrel).toMatchObject({ type: PACKET.pubrel, flags: 2 });
    expect(packetIdOf(pubrel!)).toBe(513);
    expect(unsuback?.type).toBe(PACKET.unsuback);
  });

  it('refuses a remaining length of more than four bytes', () => {
    expect(() => new PacketReader().push(Uint8Array.of(0x30, 0xff, 0xff, 0xff, 0xff, 0x01))).toThrow(
      /remaining length/,
    );
  });
});
