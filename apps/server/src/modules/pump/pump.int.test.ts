import {
  deviceDown,
  deviceUp,
  live,
  type PumpDashboard,
  type PumpLiveMessage,
  pumpMessages,
  superAdminPreset,
} from '@portal/contract';
import { startSimulation } from '@portal/gateway-sim';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  endClients,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;

/**
 * The demo pump dashboard (docs/dashboards.md, "Pump dashboard"): the dashboard variant a customer is given, its
 * tenant walls, the pump command's 1-60 s rule and its way to the gateway's command topic, and the gateway's
 * pump reports stored and relayed live.
 */
describe(`pump dashboard (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Customer;
  let alphaAdmin: string;
  let kid: Customer;
  let kidAdmin: string;
  let betaAdmin: string;
  const clients: MqttClient[] = [];

  /** A gateway of `tenantId` played by the test: it records what the portal sends it. */
  async function pumpGateway(tenantId: string, options: { online?: boolean; pump?: boolean } = {}) {
    const mac = randomMac();
    const { password } = await portal.services.gateways.provision(tenantId, mac, `Pump ${mac.slice(-4)}`);
    const client = await connectMqtt(portal.deviceBrokerUrl, { clientId: mac, username: mac, password });
    clients.push(client);
    const received: { topic: string; body: unknown }[] = [];
    client.on('message', (topic, payload) => received.push({ topic, body: JSON.parse(payload.toString()) }));
    await client.subscribeAsync(deviceDown.command('+', mac), { qos: 1 });
    const publish = (topic: string, body: unknown) =>
      client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
    const report = (fields: Record<string, unknown> = {}) =>
      publish(deviceUp.pump(mac), {
        TI: Date.now(),
        PUMP: 0,
        END: null,
        SOIL: 40,
        HUM: 55,
        RAW: 614,
        ...fields,
      });
    await publish(deviceUp.status(mac), { CS: options.online === false ? 0 : 1, TI: Date.now() });
    if (options.pump !== false) await report();
    await waitFor(async () => {
      const row = await portal.database.db
        .selectFrom('gateways')
        .select(['connected', 'pump'])
        .where('mac', '=', mac)
        .executeTakeFirst();
      return (
        row &&
        row.connected === (options.online !== false) &&
        (row.pump !== null) === (options.pump !== false)
      );
    });
    return { mac, received, report };
  }

  const updateOf = async (tenantId: string, changes: Record<string, unknown>) => {
    const row = await portal.database.db
      .selectFrom('tenants')
      .selectAll()
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, customerId: row.customer_id, ...changes };
  };
  const setVariant = async (cookie: string, tenantId: string, dashboardVariant: unknown) =>
    injectAs(portal, cookie, 'PUT', '/api/updateScope', {
      payload: await updateOf(tenantId, { dashboardVariant }),
    });
  const dashboard = (cookie: string, scopeId: string) =>
    injectAs(portal, cookie, 'GET', '/api/dashboards/pump', { query: { scopeId } });
  const pump = (cookie: string, mac: string, payload: Record<string, unknown>) =>
    injectAs(portal, cookie, 'POST', `/api/gateway/${mac}/pump`, { payload });

  beforeAll(async () => {
    portal = await sharedPortal();
    root = await signIn(portal);
    const admin = { permissions: superAdminPreset(false) };
    alpha = await createCustomerWithUser(portal, 'Alpha', admin);
    alphaAdmin = await signIn(portal, alpha.email, alpha.password);
    kid = await createCustomerWithUser(portal, 'Kid', { ...admin, parentId: alpha.tenant.id });
    kidAdmin = await signIn(portal, kid.email, kid.password);
    const beta = await createCustomerWithUser(portal, 'Beta', admin);
    betaAdmin = await signIn(portal, beta.email, beta.password);
  });
  afterAll(async () => {
    await endClients(clients);
  });

  it("is 'fleet' by default; root gives a customer the pump variant, whose screen lists its pump gateways", async () => {
    const gateway = await pumpGateway(alpha.tenant.id);
    await pumpGateway(alpha.tenant.id, { pump: false });
    const before = await dashboard(alphaAdmin, alpha.tenant.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ scopeId: alpha.tenant.id, dashboardVariant: 'fleet', gateways: [] });

    const set = await setVariant(root, alpha.tenant.id, 'pump');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: alpha.tenant.id, dashboardVariant: 'pump' });
    const after = (await dashboard(alphaAdmin, alpha.tenant.id)).json() as PumpDashboard;
    expect(after.dashboardVariant).toBe('pump');
    // Only the gateway that reported a pump is on the screen, with its last report.
    expect(after.gateways).toEqual([
      {
        macId: gateway.mac,
        name: `Pump ${gateway.mac.slice(-4)}`,
        scopeId: alpha.tenant.id,
        online: true,
        reading: expect.objectContaining({ PUMP: 0, END: null, SOIL: 40, HUM: 55, RAW: 614 }),
      },
    ]);
    // Left out of an update (the theme screen's), the variant stays.
    const untouched = await injectAs(portal, root, 'PUT', '/api/updateScope', {
      payload: await updateOf(alpha.tenant.id, {}),
    });
    expect(untouched.json()).toMatchObject({ dashboardVariant: 'pump' });
    // Anything but the two variants is refused.
    expect((await setVariant(root, alpha.tenant.id, 'garden')).statusCode).toBe(400);
  });

  it('keeps the tenant walls: a parent sets its child, nobody its own customer, another tenant nothing', async () => {
    const byParent = await setVariant(alphaAdmin, kid.tenant.id, 'pump');
    expect(byParent.statusCode, byParent.body).toBe(200);
    expect(byParent.json()).toMatchObject({ dashboardVariant: 'pump' });

    const own = await setVariant(kidAdmin, kid.tenant.id, 'fleet');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'FORBIDDEN', message: pumpMessages.ownVariant });
    const ownOfAlpha = await setVariant(alphaAdmin, alpha.tenant.id, 'fleet');
    expect(ownOfAlpha.statusCode).toBe(403);

    const stranger = await setVariant(betaAdmin, alpha.tenant.id, 'fleet');
    expect(stranger.statusCode).toBe(404);
    expect((await dashboard(betaAdmin, alpha.tenant.id)).statusCode).toBe(404);
    expect((await dashboard(kidAdmin, alpha.tenant.id)).statusCode).toBe(404);
    const row = await portal.database.db
      .selectFrom('tenants')
      .select('dashboard_variant')
      .where('id', '=', alpha.tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.dashboard_variant).toBe('pump');
  });

  it('sends PUMP for 1 to 60 seconds on the command topic; refuses 0, 61 and fractions', async () => {
    const gateway = await pumpGateway(alpha.tenant.id);
    const topic = deviceDown.command(alpha.tenant.id, gateway.mac);
    for (const seconds of [1, 60]) {
      const from = gateway.received.length;
      const response = await pump(alphaAdmin, gateway.mac, { PUMP: 1, seconds });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        macId: gateway.mac,
        PUMP: 1,
        message: pumpMessages.started(seconds),
      });
      const sent = await waitFor(async () => gateway.received.slice(from).find((m) => m.topic === topic));
      expect(sent.body).toEqual({ command: 'PUMP', PUMP: 1, seconds });
    }
    const from = gateway.received.length;
    const off = await pump(alphaAdmin, gateway.mac, { PUMP: 0 });
    expect(off.json()).toMatchObject({ PUMP: 0, message: pumpMessages.stopped });
    const sent = await waitFor(async () => gateway.received.slice(from).find((m) => m.topic === topic));
    expect(sent.body).toEqual({ command: 'PUMP', PUMP: 0 });

    for (const seconds of [0, 61, 1.5, -1]) {
      const response = await pump(alphaAdmin, gateway.mac, { PUMP: 1, seconds });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(pumpMessages.secondsOutOfRange);
    }
    expect((await pump(alphaAdmin, gateway.mac, { PUMP: 1 })).statusCode).toBe(400);
    // Nothing more reached the gateway.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gateway.received.length).toBe(from + 1);
  });

  it('refuses another tenant (404), an offline gateway and a gateway without a pump (409)', async () => {
    const gateway = await pumpGateway(alpha.tenant.id);
    expect((await pump(betaAdmin, gateway.mac, { PUMP: 1, seconds: 5 })).statusCode).toBe(404);
    expect((await pump(kidAdmin, gateway.mac, { PUMP: 1, seconds: 5 })).statusCode).toBe(404);
    const offline = await pumpGateway(alpha.tenant.id, { online: false });
    const refused = await pump(alphaAdmin, offline.mac, { PUMP: 1, seconds: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Gateway is offline...');
    const noPump = await pumpGateway(alpha.tenant.id, { pump: false });
    const none = await pump(alphaAdmin, noPump.mac, { PUMP: 1, seconds: 5 });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(pumpMessages.notPump);
    expect(gateway.received.length + offline.received.length + noPump.received.length).toBe(0);
  });

  it("stores the gateway's newest report and relays it on the pump channel", async () => {
    const gateway = await pumpGateway(alpha.tenant.id);
    const watch = await watchLive<PumpLiveMessage>(
      portal,
      alphaAdmin,
      live.pump(alpha.tenant.id, gateway.mac),
    );
    clients.push(watch.client);
    const end = Date.now() + 5000;
    await gateway.report({ PUMP: 1, END: end, SOIL: 47.5, HUM: 61, RAW: 537 });
    const message = await waitFor(async () => watch.messages.find((m) => m.PUMP === 1));
    expect(message).toMatchObject({ macId: gateway.mac, PUMP: 1, END: end, SOIL: 47.5, HUM: 61, RAW: 537 });
    // An older report arriving late changes nothing; a bad one (RAW over 1023) is refused whole.
    await gateway.report({ TI: Date.now() - 60_000, PUMP: 0, SOIL: 10, HUM: 10, RAW: 900 });
    await gateway.report({ RAW: 1024 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const screen = (await dashboard(alphaAdmin, alpha.tenant.id)).json() as PumpDashboard;
    expect(screen.gateways.find((g) => g.macId === gateway.mac)?.reading).toMatchObject({
      PUMP: 1,
      END: end,
      RAW: 537,
    });
    expect(watch.messages).toHaveLength(1);
  });

  it('drives a simulated pump gateway: on for 1 s, it reports running, then stopped, with its readings', async () => {
    const mac = randomMac();
    const credential = await portal.services.gateways.provision(alpha.tenant.id, mac, 'Sim pump');
    const simulation = startSimulation({
      brokerUrl: portal.deviceBrokerUrl,
      gateways: [{ ...credential, scopeId: alpha.tenant.id, pump: true }],
      telemetryIntervalMs: 60_000,
      stateIntervalMs: 60_000,
      seed: 11,
    });
    try {
      const watch = await watchLive<PumpLiveMessage>(portal, alphaAdmin, live.pump(alpha.tenant.id, mac));
      clients.push(watch.client);
      await simulation.whenConnected();
      await waitFor(async () => {
        const screen = (await dashboard(alphaAdmin, alpha.tenant.id)).json() as PumpDashboard;
        return screen.gateways.find((g) => g.macId === mac && g.online);
      });
      const response = await pump(alphaAdmin, mac, { PUMP: 1, seconds: 1 });
      expect(response.statusCode, response.body).toBe(200);
      const started = await waitFor(async () => watch.messages.find((m) => m.PUMP === 1));
      expect(started.END).toBeGreaterThan(started.TI);
      const stopped = await waitFor(async () =>
        watch.messages.find((m) => m.PUMP === 0 && m.TI > started.TI),
      );
      // About 1 s: Node's timers may fire a millisecond before Date.now() says the second is over.
      expect(stopped.TI - started.TI).toBeGreaterThanOrEqual(990);
      expect(stopped.TI - started.TI).toBeLessThan(2500);
      expect(stopped.RAW).toBeGreaterThanOrEqual(0);
      expect(stopped.RAW).toBeLessThanOrEqual(1023);
    } finally {
      await simulation.stop();
    }
  });
});
