import { randomUUID } from 'node:crypto';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { REAL_MQTT, waitFor } from '../../test/harness.ts';
import { pipelineAcks } from './pipelined-acks.ts';

/**
 * The consumer side of the external broker (Mosquitto): a connection handles at most `window` messages at
 * once, stops reading while that many wait, and acknowledges each only after its handler settled, in order.
 */
describe('pipelined acknowledgements on a consumer connection (real Mosquitto)', () => {
  const clients: MqttClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  });

  async function consumer(topic: string, window: number) {
    const client = mqtt.connect(REAL_MQTT, {
      clientId: `acks-${randomUUID()}`,
      protocolVersion: 5,
      clean: true,
      // No Receive Maximum announced (65,535): the bound under test is the consumer's own.
      reconnectPeriod: 0,
    });
    clients.push(client);
    const handling: { packet: IPublishPacket; settle: (ok: boolean) => void }[] = [];
    const failures: unknown[] = [];
    // The payloads of the messages this connection acknowledged, in the order the PUBACKs went out.
    const acknowledged: string[] = [];
    client.on('packetsend', (packet) => {
      if (packet.cmd !== 'puback') return;
      const acked = handling.find((h) => h.packet.messageId === packet.messageId);
      acknowledged.push(acked ? acked.packet.payload.toString() : `unknown ${packet.messageId}`);
    });
    const acks = pipelineAcks(
      client,
      window,
      (packet) =>
        new Promise<void>((resolve, reject) =>
          handling.push({ packet, settle: (ok) => (ok ? resolve() : reject(new Error('not stored'))) }),
        ),
      (error) => failures.push(error),
    );
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await client.subscribeAsync(topic, { qos: 1 });
    return { handling, acks, failures, acknowledged };
  }

  async function publisher() {
    const client = await mqtt.connectAsync(REAL_MQTT, {
      clientId: `pub-${randomUUID()}`,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  }

  it('holds the window, stops reading when it is full, and acknowledges only what was stored, in order', async () => {
    const topic = `test/acks/${randomUUID()}`;
    const { handling, acks, acknowledged } = await consumer(topic, 3);
    const pub = await publisher();
    for (let i = 0; i < 8; i++) await pub.publishAsync(topic, String(i), { qos: 1 });

    await waitFor(async () => handling.length === 3);
    // The window is full: the rest wait at the broker, and no PUBACK was sent for a message being handled.
    expect(acks.waiting).toBe(3);
    expect(acknowledged).toEqual([]);

    // The second stored first: its PUBACK waits for the first's (arrival order).
    handling[1]!.settle(true);
    handling[0]!.settle(true);
    await waitFor(async () => acknowledged.length === 2);
    expect(acknowledged).toEqual(['0', '1']);
    // Two places freed: exactly two more taken.
    await waitFor(async () => handling.length === 5);
    expect(acks.waiting).toBe(3);

    for (let settled = 2; settled < 8; settled++) {
      await waitFor(async () => handling.length > settled);
      handling[settled]!.settle(true);
      expect(acks.waiting).toBeLessThanOrEqual(3);
    }
    await waitFor(async () => acknowledged.length === 8);
    expect(acknowledged).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(handling.map((h) => h.packet.payload.toString())).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
  });

  it('sends no PUBACK for a message that was not stored, and still acknowledges the next', async () => {
    const topic = `test/acks/${randomUUID()}`;
    const { handling, acks, failures, acknowledged } = await consumer(topic, 4);
    const pub = await publisher();
    for (const i of [0, 1]) await pub.publishAsync(topic, String(i), { qos: 1 });

    await waitFor(async () => handling.length === 2);
    handling[0]!.settle(false);
    handling[1]!.settle(true);
    await waitFor(async () => acknowledged.length === 1);
    expect(acknowledged).toEqual(['1']);
    expect(failures).toHaveLength(1);
    expect(acks.waiting).toBe(0);
  });
});
