import { deviceDown, deviceUp, type UpdateInstruction } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  REAL_MQTT,
  randomMac,
  signIn,
  testEnvironment,
  waitFor,
  waitForConnected,
} from '../../../test/harness.ts';
import { buildApp, type Portal } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { firmwareName, pycFile } from './test-files.ts';
import { firmwareCalls } from './test-helpers.ts';

/** A portal restarted in the middle of a rollout resumes it: nobody notified twice, no result lost. */
describe(`rollouts across a portal restart (${backend} backend)`, () => {
  const clients: MqttClient[] = [];
  let cleanup = async () => {};
  let current: Portal | undefined;
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await current?.app.close();
    await cleanup();
  });

  async function start(env: Record<string, string>) {
    const config = loadConfig({
      ...env,
      FIRMWARE_TICK_SECONDS: '0.2',
      FIRMWARE_UPDATE_TIMEOUT_SECONDS: '60',
      FIRMWARE_HEALTH_WINDOW_SECONDS: '60',
    });
    const portal = await buildApp(config, pino({ level: 'silent' }));
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    current = portal;
    const brokerUrl = backend === 'real' ? REAL_MQTT : `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`;
    return { portal, brokerUrl };
  }

  /** A gateway that records the update instructions it receives. */
  async function gateway(brokerUrl: string, mac: string, password: string, got: UpdateInstruction[]) {
    const client = await connectMqtt(brokerUrl, { clientId: mac, username: mac, password });
    clients.push(client);
    client.on('message', (topic, payload) => {
      if (topic === deviceDown.update(mac)) got.push(JSON.parse(payload.toString()));
    });
    await client.subscribeAsync(`gateways/${mac}/receive/#`, { qos: 1 });
    await client.publishAsync(deviceUp.status(mac), JSON.stringify({ CS: 1, TI: Date.now() }), { qos: 1 });
    return client;
  }

  it('keeps every result and sends no gateway a second update', async () => {
    const environment = await testEnvironment();
    cleanup = environment.cleanup;
    let { portal, brokerUrl } = await start(environment.env);
    const root = await signIn(portal);
    const customer = await createCustomerWithUser(portal, 'Restart');
    const devices: { mac: string; password: string; got: UpdateInstruction[] }[] = [];
    for (let i = 0; i < 3; i++) {
      const mac = randomMac();
      const { password } = await portal.services.gateways.provision(customer.tenant.id, mac, `R ${i}`, {
        registered: true,
      });
      devices.push({ mac, password, got: [] as UpdateInstruction[] });
    }
    for (const d of devices) await gateway(brokerUrl, d.mac, d.password, d.got);
    await waitForConnected(
      portal,
      devices.map((d) => d.mac),
    );
    const calls = firmwareCalls(portal);
    const file = (await calls.upload(root, 'firmware', firmwareName('2025-06-01'), pycFile())).json() as {
      id: string;
    };
    const applied = await calls.apply(root, 'firmware', file.id, customer.tenant.id, {
      rollout: { waves: [{ count: 3 }], concurrency: 3 },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await waitFor(async () => devices.every((d) => d.got.length === 1));
    const [a, b] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const progress = (mac: string, body: object) =>
      clients
        .find((c) => c.options.clientId === mac)
        ?.publishAsync(deviceUp.update(mac), JSON.stringify({ ...body, TI: Date.now() }), { qos: 1 });
    await progress(a.mac, { uid: a.got[0]?.uid, status: 'downloading', percent: 10 });
    await progress(b.mac, { uid: b.got[0]?.uid, status: 'failed', reason: 'Checksum mismatch' });
    const states = async () =>
      Object.fromEntries(
        (
          await current!.database.db
            .selectFrom('firmware_rollout_targets')
            .select(['gateway_mac', 'state', 'reason', 'uid'])
            .where('rollout_id', '=', applied.json().rolloutId)
            .execute()
        ).map((r) => [r.gateway_mac, r]),
      );
    await waitFor(async () => (await states())[b.mac]?.state === 'failed');
    const before = await states();

    // The portal goes away and comes back on the same database; the gateways reconnect.
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    await portal.app.close();
    ({ portal, brokerUrl } = await start(environment.env));
    for (const d of devices) await gateway(brokerUrl, d.mac, d.password, d.got);
    await new Promise((r) => setTimeout(r, 1500));

    const after = await states();
    expect(after[b.mac]).toMatchObject({ state: 'failed', reason: 'Checksum mismatch' });
    expect(after[a.mac]?.state).toBe('downloading');
    for (const d of devices) {
      // Never a second update: every instruction a gateway got names its one uid.
      expect(new Set(d.got.map((g) => g.uid))).toEqual(new Set([before[d.mac]?.uid]));
      expect(after[d.mac]?.uid).toBe(before[d.mac]?.uid);
    }
    // One failure of three passes the 20 % threshold: the pause decided before the restart holds after it.
    const rollouts = await portal.database.db
      .selectFrom('firmware_rollouts')
      .select(['id', 'status', 'pause_reason'])
      .execute();
    expect(rollouts).toEqual([
      {
        id: applied.json().rolloutId,
        status: 'paused',
        pause_reason: 'Wave 1: 1 of 3 gateways failed (more than 20 %)',
      },
    ]);
  });
});
