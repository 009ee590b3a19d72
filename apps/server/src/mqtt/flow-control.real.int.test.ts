import { deviceUp, FLOW_CONTROL_TOPIC, type FlowControlMessage, parseFlowControl } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnMosquitto, startOwnMosquitto } from '../../test/cluster.ts';
import { connectMqtt, randomMac, waitFor } from '../../test/harness.ts';
import type { DeviceIdentity } from '../lib/principal.ts';
import { createExternalMessaging } from './external.ts';
import type { Messaging } from './messaging.ts';

/** Each instance stores 25 messages a second per consumer connection: 40 ms each, one at a time. */
const STORE_MS = 40;
const CONSUMERS = 2;
const INSTANCES = 2;
/** What the cluster stores a second. */
const CAPACITY = (1000 / STORE_MS) * CONSUMERS * INSTANCES;

/**
 * Two portal instances behind one external broker (a Mosquitto of the test's own with the documented settings,
 * retained messages off): each measures how long its own probes wait behind its consumer connections' queues,
 * tells gateways to slow down (gateways/flow-control, renewed every probe period) when that passes
 * FLOW_CONTROL_LAG_HIGH_MS, and lifts it once the backlog is drained (docs/operations.md, Overload).
 */
describe('flow control with two instances behind an external broker (real Mosquitto)', () => {
  let mosquitto: OwnMosquitto;
  const instances: Messaging[] = [];
  let gateway: MqttClient;
  let observer: MqttClient;
  const mac = randomMac();
  const received: { at: number; message: FlowControlMessage }[] = [];
  let stored = 0;

  beforeAll(async () => {
    mosquitto = await startOwnMosquitto();
    const device = { mac, tenantId: 'tenant', gatewayId: 'gateway' } as unknown as DeviceIdentity;
    for (let i = 0; i < INSTANCES; i++) {
      const messaging = await createExternalMessaging({
        url: mosquitto.url,
        clientId: `flow-test-${i}-${Date.now()}`,
        shareGroup: 'flowtest',
        consumers: CONSUMERS,
        inFlightPerConsumer: 1,
        flowControl: { highMs: 1500, lowMs: 400, probeEveryMs: 200, validForSeconds: 10 },
        access: {
          identifyDevice: async () => device,
          authenticateDevice: async () => null,
          authenticateBrowser: async () => null,
          liveBrowserPrincipals: async () => new Map(),
        },
        inbox: {
          handle: () =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                stored++;
                resolve();
              }, STORE_MS),
            ),
          refuse() {},
          drain: async () => {},
        },
        logger: pino({ level: 'silent' }),
        sessionCheckMs: 60_000,
        maxPacketBytes: 65_536,
      });
      await messaging.start();
      instances.push(messaging);
    }
    observer = await connectMqtt(mosquitto.url, { clientId: `observer-${Date.now()}` });
    observer.on('message', (topic, payload) => {
      if (topic !== FLOW_CONTROL_TOPIC) return;
      const message = parseFlowControl(payload.toString());
      if (message) received.push({ at: Date.now(), message });
    });
    await observer.subscribeAsync(FLOW_CONTROL_TOPIC, { qos: 1 });
    gateway = await connectMqtt(mosquitto.url, { clientId: mac });
  }, 60_000);

  afterAll(async () => {
    await gateway?.endAsync(true);
    await observer?.endAsync(true);
    await Promise.all(instances.map((messaging) => messaging.close()));
    await mosquitto?.remove();
  });

  it('an idle cluster is never slowed: each instance reads only its own probes', async () => {
    // 30 probe periods per instance with no device traffic.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(received.filter(({ message }) => message.state === 'slow')).toEqual([]);
    for (const messaging of instances) expect(messaging.healthy()).toBe(true);
  }, 20_000);

  it('under 3x overload gateways are slowed; the slow-down lifts within a minute once the backlog is gone', async () => {
    // 3x what the cluster stores, for 8 s: the broker acknowledges at once and the rest queues there.
    const body = JSON.stringify({ samples: [{ TI: 1, CO2: 500 }] });
    const overloadMs = 8000;
    const perTick = (3 * CAPACITY) / 10;
    let sent = 0;
    for (let elapsed = 0; elapsed < overloadMs; elapsed += 100) {
      await Promise.all(
        Array.from({ length: perTick }, () =>
          gateway.publishAsync(deviceUp.telemetry(mac), body, { qos: 1 }),
        ),
      );
      sent += perTick;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const slow = await waitFor(async () => received.find(({ message }) => message.state === 'slow'), 15_000);
    expect(slow.message.lagMs).toBeGreaterThan(1500);
    expect(slow.message.validForSeconds).toBe(10);
    // Derived from what the cluster stores a second (about CAPACITY, one gateway), less the share that drains.
    expect(slow.message.maxMessagesPerSecond).toBeGreaterThan(CAPACITY * 0.3);
    expect(slow.message.maxMessagesPerSecond).toBeLessThan(CAPACITY * 1.2);

    // A gateway connecting while it stands hears it within a probe period: nothing retained is needed (the
    // broker refuses retained messages, and the instances stayed connected).
    const late = await connectMqtt(mosquitto.url, { clientId: `late-${Date.now()}` });
    const heard = new Promise<FlowControlMessage | null>((resolve) =>
      late.once('message', (_topic, payload) => resolve(parseFlowControl(payload.toString()))),
    );
    await late.subscribeAsync(FLOW_CONTROL_TOPIC, { qos: 1 });
    expect((await heard)?.state).toBe('slow');
    await late.endAsync(true);
    for (const messaging of instances) expect(messaging.healthy()).toBe(true);

    // The backlog drains; within a minute of its end the slow-down is lifted.
    await waitFor(
      async () => stored >= sent,
      120_000,
      () => `${stored} of ${sent} stored`,
    );
    const drainedAt = Date.now();
    const lifted = await waitFor(
      async () => received.find(({ at, message }) => at >= slow.at && message.state === 'normal'),
      60_000,
    );
    console.log(
      `flow control (2 instances): lifted ${Math.max(0, lifted.at - drainedAt)} ms after the backlog was gone`,
    );
    expect(lifted.message.maxMessagesPerSecond).toBeNull();
    expect(lifted.at - drainedAt).toBeLessThan(60_000);
    // And it stays lifted while the cluster is idle again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(received.at(-1)?.message.state).toBe('normal');
  }, 180_000);
});
