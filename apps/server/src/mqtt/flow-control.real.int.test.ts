import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceUp, FLOW_CONTROL_TOPIC, type FlowControlMessage, parseFlowControl } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt, randomMac, waitFor } from '../../test/harness.ts';
import { freePort } from '../../test/process.ts';
import type { DeviceIdentity } from '../lib/principal.ts';
import { createExternalMessaging } from './external.ts';
import type { Messaging } from './messaging.ts';

/** A Mosquitto of the test's own: the retained slow-down must not reach anyone else's gateways. */
async function startMosquitto(dir: string, port: number): Promise<ChildProcess> {
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 100000\nmax_inflight_messages 0\n`,
  );
  const broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  await waitFor(async () => {
    try {
      const probe = await connectMqtt(`mqtt://127.0.0.1:${port}`, { clientId: `probe-${Date.now()}` });
      await probe.endAsync();
      return true;
    } catch {
      return false;
    }
  });
  return broker;
}

/**
 * Behind an external broker the portal measures how long its probe waits in the shared subscription's queue,
 * tells gateways to slow down (retained, on gateways/flow-control) when that passes FLOW_CONTROL_LAG_HIGH_MS,
 * and lifts it once the backlog is drained (docs/operations.md, Overload).
 */
describe('flow control behind an external broker (real Mosquitto)', () => {
  let dir: string;
  let broker: ChildProcess;
  let url: string;
  let messaging: Messaging;
  let gateway: MqttClient;
  let observer: MqttClient;
  const mac = randomMac();
  const received: FlowControlMessage[] = [];
  let stored = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mosquitto-flow-'));
    await chmod(dir, 0o777);
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    broker = await startMosquitto(dir, port);
    const device = { mac, tenantId: 'tenant', gatewayId: 'gateway' } as unknown as DeviceIdentity;
    messaging = await createExternalMessaging({
      url,
      clientId: `flow-test-${Date.now()}`,
      shareGroup: 'flowtest',
      consumers: 1,
      inFlightPerConsumer: 1,
      flowControl: { highMs: 1500, lowMs: 400, probeEveryMs: 200, validForSeconds: 10 },
      access: {
        identifyDevice: async () => device,
        authenticateDevice: async () => null,
        authenticateBrowser: async () => null,
        liveBrowserPrincipals: async () => new Map(),
      },
      // The portal stores 50 messages a second: 20 ms each, one at a time.
      inbox: {
        handle: () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              stored++;
              resolve();
            }, 20),
          ),
        refuse() {},
        drain: async () => {},
      },
      logger: pino({ level: 'silent' }),
      sessionCheckMs: 60_000,
      maxPacketBytes: 65_536,
    });
    await messaging.start();
    observer = await connectMqtt(url, { clientId: `observer-${Date.now()}` });
    observer.on('message', (topic, payload) => {
      if (topic !== FLOW_CONTROL_TOPIC) return;
      const message = parseFlowControl(payload.toString());
      if (message) received.push(message);
    });
    await observer.subscribeAsync(FLOW_CONTROL_TOPIC, { qos: 1 });
    gateway = await connectMqtt(url, { clientId: mac });
  }, 30_000);

  afterAll(async () => {
    await gateway?.endAsync(true);
    await observer?.endAsync(true);
    await messaging?.close();
    broker?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it('slows gateways down while the backlog waits longer than the threshold, then lifts it', async () => {
    // Quiet: the probe comes back at once and nothing is said.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.filter((m) => m.state === 'slow')).toEqual([]);

    // 400 messages at once: 8 s of work at 50 a second, acknowledged by the broker straight away.
    const body = JSON.stringify({ t: 1 });
    await Promise.all(
      Array.from({ length: 400 }, () => gateway.publishAsync(deviceUp.telemetry(mac), body, { qos: 1 })),
    );
    const slow = await waitFor(async () => received.find((m) => m.state === 'slow'), 15_000);
    expect(slow.lagMs).toBeGreaterThan(1500);
    expect(slow.validForSeconds).toBe(10);
    // Derived from what is stored a second (about 50, one gateway), less the share that drains the backlog.
    expect(slow.maxMessagesPerSecond).toBeGreaterThan(10);
    expect(slow.maxMessagesPerSecond).toBeLessThan(60);

    // A gateway connecting now finds the slow-down retained.
    const late = await connectMqtt(url, { clientId: `late-${Date.now()}` });
    const retained = new Promise<FlowControlMessage | null>((resolve) =>
      late.once('message', (_topic, payload) => resolve(parseFlowControl(payload.toString()))),
    );
    await late.subscribeAsync(FLOW_CONTROL_TOPIC, { qos: 1 });
    expect((await retained)?.state).toBe('slow');
    await late.endAsync(true);

    // The backlog drains; under the low threshold the slow-down is lifted.
    const after = received.indexOf(slow);
    const lifted = await waitFor(async () => received.slice(after).find((m) => m.state === 'normal'), 30_000);
    expect(lifted.maxMessagesPerSecond).toBeNull();
    expect(lifted.lagMs).toBeLessThan(400);
    await waitFor(async () => stored === 400, 10_000);
  }, 60_000);
});
