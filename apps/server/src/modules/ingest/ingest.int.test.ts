import { deviceDown, deviceUp, type StoredConfirmation } from '@portal/contract';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  randomMac,
  sharedPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';

describe(`device ingest (${backend} backend)`, () => {
  let portal: TestPortal;
  let tenantId: string;
  let device: { mac: string; password: string };
  let gateway: MqttClient;
  const now = Date.now();

  const connectGateway = () =>
    connectMqtt(portal.deviceBrokerUrl, {
      clientId: device.mac,
      username: device.mac,
      password: device.password,
      will: { topic: deviceUp.status(device.mac), payload: Buffer.from('{"CS":0}'), qos: 1, retain: false },
    });
  const publish = (topic: string, body: unknown) =>
    gateway.publishAsync(topic, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
  const gatewayRow = () => portal.services.gateways.listByTenant(tenantId).then((rows) => rows[0]!);

  beforeAll(async () => {
    portal = await sharedPortal();
    tenantId = (await createCustomerWithUser(portal, 'Ingest')).tenant.id;
    device = await portal.services.gateways.provision(tenantId, randomMac(), 'Ingest gateway');
    gateway = await connectGateway();
  });
  afterAll(async () => {
    await gateway?.endAsync(true);
  });

  it('records online status and state facts', async () => {
    await publish(deviceUp.status(device.mac), { CS: 1, TI: now });
    await publish(deviceUp.state(device.mac), {
      TI: now,
      FW: 'v2024-05-12',
      OS: '5.15.1',
      NW: 1,
      SS: 4,
      state: { currentState: 'IdleState', whitelistedLocksCount: '*' },
    });
    const row = await waitFor(async () => {
      const r = await gatewayRow();
      return r.connected && r.firmware ? r : null;
    });
    expect(row).toMatchObject({ connected: true, firmware: 'v2024-05-12', os_version: '5.15.1' });
    expect(row.state).toMatchObject({ NW: 1, SS: 4, state: { currentState: 'IdleState' } });
  });

  it('stores samples once, however often a QoS 1 message is delivered', async () => {
    const samples = [
      { TI: now + 1000, CO2: 612.5, TEMP: 21.3, CP: 12, MM: 410 },
      { TI: now + 6000, CO2: 640, TEMP: 21.4, CP: 14, MM: 415 },
    ];
    await publish(deviceUp.telemetry(device.mac), { samples });
    await publish(deviceUp.telemetry(device.mac), { samples }); // a redelivery
    await waitFor(async () => (await portal.services.telemetry.countSamples(device.mac)) === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await portal.services.telemetry.countSamples(device.mac)).toBe(2);
  });

  it('counts and drops a bad payload whole, and keeps the connection', async () => {
    const before = portal.inbox.counters.rejected;
    await publish(deviceUp.telemetry(device.mac), 'not json');
    await publish(deviceUp.telemetry(device.mac), {
      samples: [
        { TI: now + 11_000, CO2: 700 },
        { TI: now + 16_000, CP: 250 }, // CPU above 100 %: the whole message is refused
      ],
    });
    await publish(deviceUp.state(device.mac), { FW: 'no time' });
    await waitFor(async () => portal.inbox.counters.rejected - before === 3);
    expect(await portal.services.telemetry.countSamples(device.mac)).toBe(2);
    expect(gateway.connected).toBe(true);
  });

  it('refuses samples far in the future or past, whole, and counts fields it does not know', async () => {
    const { rejected, unknownFields } = portal.inbox.counters;
    const stored = await portal.services.telemetry.countSamples(device.mac);
    await publish(deviceUp.telemetry(device.mac), {
      samples: [
        { TI: now + 20_000, CO2: 500 },
        { TI: now + 3_600_000, CO2: 500 },
      ],
    });
    await publish(deviceUp.telemetry(device.mac), { samples: [{ TI: now - 8 * 24 * 3_600_000, CO2: 500 }] });
    await publish(deviceUp.events(device.mac), { TI: now + 3_600_000, SE: [{ nme: 'late', val: 1 }] });
    await waitFor(async () => portal.inbox.counters.rejected - rejected === 3);
    expect(await portal.services.telemetry.countSamples(device.mac)).toBe(stored);

    await publish(deviceUp.telemetry(device.mac), {
      samples: [{ TI: now + 21_000, CO2: 505, HUMIDITY: 40 }],
    });
    await waitFor(async () => (await portal.services.telemetry.countSamples(device.mac)) === stored + 1);
    expect(portal.inbox.counters.unknownFields - unknownFields).toBe(1);
  });

  it('slows a burst far above the sustained rate down, counts it, and stores every sample', async () => {
    const slowed = portal.inbox.counters.slowedDown;
    const stored = await portal.services.telemetry.countSamples(device.mac);
    const burst = 260; // default burst 200, then 20 per second
    await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        publish(deviceUp.telemetry(device.mac), { samples: [{ TI: now + 100_000 + i, CO2: 500 }] }),
      ),
    );
    await waitFor(
      async () => (await portal.services.telemetry.countSamples(device.mac)) === stored + burst,
      20_000,
    );
    expect(portal.inbox.counters.slowedDown - slowed).toBeGreaterThan(0);
  });

  it('accepts a well-formed instruction response and counts a malformed one', async () => {
    const { accepted, rejected } = portal.inbox.counters;
    await publish(deviceUp.response(device.mac, 'diagnostics', 'ab12cd34'), {
      uid: 'ab12cd34',
      type: 'DIAGNOSTICS',
      status: 'SUCCESS',
      TI: now,
      value: { CP: 12 },
    });
    await publish(deviceUp.response(device.mac, 'diagnostics', 'ab12cd35'), {
      uid: 'ab12cd35',
      status: 'MAYBE',
    });
    await publish(deviceUp.response(device.mac, 'nonsense', 'ab12cd36'), { uid: 'ab12cd36' });
    await waitFor(async () => portal.inbox.counters.rejected - rejected === 2);
    expect(portal.inbox.counters.accepted - accepted).toBe(1);
  });

  it('stores events and alerts', async () => {
    await publish(deviceUp.events(device.mac), {
      TI: now + 2000,
      SA: [{ nme: 'CO2 high', val: 2100, sr: 'CO2', alrt: 1 }],
    });
    const rows = await waitFor(async () => {
      const result = await sql<{
        kind: string;
      }>`select kind from gateway_events where mac = ${device.mac}`.execute(portal.database.db);
      return result.rows.length ? result.rows : null;
    });
    expect(rows).toEqual([{ kind: 'SA' }]);
  });

  it('marks the gateway offline through its will message, with the offline period recorded', async () => {
    gateway.stream.destroy(); // an ungraceful loss: the broker publishes the will
    await waitFor(async () => !(await gatewayRow()).connected);
    const log = await sql<{ off: number }>`
      select off from gateway_connection_log where mac = ${device.mac} order by ti`.execute(
      portal.database.db,
    );
    expect(log.rows.map((r) => r.off)).toEqual([0, 1]);
    gateway.end(true);
    gateway = await connectGateway();
  });

  it('confirms a numbered telemetry message once stored, a refused one as refused, and an unnumbered one not at all', async () => {
    // A gateway of its own: the other tests count this one's samples.
    const own = await portal.services.gateways.provision(tenantId, randomMac(), 'Numbering gateway');
    const gateway = await connectMqtt(portal.deviceBrokerUrl, {
      clientId: own.mac,
      username: own.mac,
      password: own.password,
    });
    const device = own;
    const publish = (topic: string, body: unknown) =>
      gateway.publishAsync(topic, JSON.stringify(body), { qos: 1 });
    const confirmations: StoredConfirmation[] = [];
    gateway.on('message', (topic, payload) => {
      if (topic === deviceDown.stored(device.mac)) confirmations.push(JSON.parse(payload.toString()));
    });
    await gateway.subscribeAsync(deviceDown.stored(device.mac), { qos: 1 });
    const before = await portal.services.telemetry.countSamples(device.mac);
    await publish(deviceUp.telemetry(device.mac), { seq: 41, samples: [{ TI: now + 20_000, CO2: 700 }] });
    const stored = await waitFor(async () => confirmations.find((c) => c.stored.includes(41)));
    // Confirmed only once it is in the database.
    expect(await portal.services.telemetry.countSamples(device.mac)).toBe(before + 1);
    expect(stored.refused ?? []).toEqual([]);
    // A sample outside the accepted window is never stored: confirmed refused, so the gateway drops it.
    await publish(deviceUp.telemetry(device.mac), { seq: 42, samples: [{ TI: now + 86_400_000, CO2: 1 }] });
    await waitFor(async () => confirmations.find((c) => c.refused?.includes(42)));
    // Sent again (the gateway did not hear the first confirmation): stored once, confirmed again.
    await publish(deviceUp.telemetry(device.mac), { seq: 43, samples: [{ TI: now + 20_000, CO2: 700 }] });
    await waitFor(async () => confirmations.find((c) => c.stored.includes(43)));
    expect(await portal.services.telemetry.countSamples(device.mac)).toBe(before + 1);
    // Without a seq the gateway asked for nothing.
    const heard = confirmations.length;
    await publish(deviceUp.telemetry(device.mac), { samples: [{ TI: now + 21_000, CO2: 700 }] });
    await waitFor(async () => (await portal.services.telemetry.countSamples(device.mac)) === before + 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(confirmations).toHaveLength(heard);
    await gateway.endAsync(true);
  });
});
