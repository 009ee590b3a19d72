import { DEFAULT_PERMISSIONS, deviceUp } from '@portal/contract';
import { startSimulation } from '@portal/gateway-sim';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  REAL_MQTT,
  randomMac,
  signIn,
  testEnvironment,
  waitFor,
} from '../../../test/harness.ts';
import { buildApp, type Portal } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/*
 * Issue 17: CAMERA_MODULE_ALERT. A gateway's state reports its camera module (CMS 1 fitted, 0 not); a camera
 * it had that goes missing fires the camera rules covering it (its customer's and its parents'), once, and
 * its return clears them. The last CMS is in the database: a portal restarted between two reports neither
 * misses the removal nor raises it again. The rules are made over HTTP (the alerts module), the portal is
 * really stopped and started again on the same database.
 */
describe(`camera removal alerts (${backend} backend)`, () => {
  let env: Record<string, string>;
  let cleanup = async () => {};
  let portal: Portal;

  async function start() {
    portal = await buildApp(loadConfig({ ...env, ALERT_TICK_MS: '50' }), pino({ level: 'silent' }));
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
  }
  async function restart() {
    await portal.app.close();
    await start();
  }

  beforeAll(async () => {
    ({ env, cleanup } = await testEnvironment());
    await start();
  }, 180_000);
  afterAll(async () => {
    await portal?.app.close();
    await cleanup();
  });

  async function member(label: string, parentId?: string) {
    const created = await createCustomerWithUser(portal, label, {
      permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'ALERTS_READ', 'ALERTS_WRITE'],
      ...(parentId ? { parentId } : {}),
    });
    const cookie = await signIn(portal, created.email, created.password);
    const user = await portal.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', created.email)
      .executeTakeFirstOrThrow();
    return { ...created, cookie, userId: user.id };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  async function cameraRule(owner: Member, name: string) {
    const response = await injectAs(portal, owner.cookie, 'POST', '/api/sensor-alerts', {
      payload: {
        alertType: 'CAMERA_MODULE_ALERT',
        alertName: name,
        waitingTime: 0,
        thresholdType: null,
        threshold: null,
        receivers: [{ userId: owner.userId }],
        emailAlert: true,
        smsAlert: false,
        scopeId: owner.tenant.id,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    // Camera alerts send the gateways no command (spec 002 section 4).
    expect(response.json().publishMessage).toBeNull();
    return response.json().alert.id as string;
  }

  /** A gateway of the tenant, online, whose state messages go through the ingest entry point (of `portal` now). */
  async function gatewayOf(tenantId: string, name: string) {
    const mac = randomMac();
    await portal.services.gateways.provision(tenantId, mac, name);
    const send = (topic: string, body: unknown) =>
      portal.inbox.handle({ mac, tenantId }, topic, Buffer.from(JSON.stringify(body)));
    await send(deviceUp.status(mac), { CS: 1, TI: Date.now() });
    return {
      mac,
      camera: (cms: 0 | 1) => send(deviceUp.state(mac), { TI: Date.now(), CMS: cms, HS: 0 }),
      incidents: () =>
        portal.database.db
          .selectFrom('alert_incidents')
          .select(['rule_id', 'state', 'alert_type', 'tenant_id', 'rule_tenant_id', 'value'])
          .where('gateway_mac', '=', mac)
          .orderBy('started_at')
          .execute(),
      notifications: async () =>
        (
          await portal.database.db
            .selectFrom('alert_notifications as n')
            .innerJoin('alert_incidents as i', 'i.id', 'n.incident_id')
            .select(['n.event', 'n.recipient'])
            .where('i.gateway_mac', '=', mac)
            .orderBy('n.id')
            .execute()
        ).map((n) => `${n.event} ${n.recipient}`),
      /** The SA items of the gateway's System Alerts panel, oldest first. */
      items: async () =>
        (
          await portal.database.db
            .selectFrom('gateway_events')
            .select('items')
            .where('mac', '=', mac)
            .where('kind', '=', 'SA')
            .orderBy('ti')
            .execute()
        ).flatMap((row) => row.items as { nme: string; val: unknown; val2?: unknown; alrt?: number }[]),
    };
  }

  /** Lets the engine's tick run (due timers, the copy of open incidents) before checking nothing happened. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

  it("a camera removed fires once across restarts, clears when it is back; another customer's gateway fires nothing", async () => {
    const owner = await member('Vault');
    const stranger = await member('Stranger');
    const ruleId = await cameraRule(owner, 'Lobby camera');
    const gateway = await gatewayOf(owner.tenant.id, 'Lobby gateway');
    const other = await gatewayOf(stranger.tenant.id, 'Stranger gateway');
    const email = owner.email.toLowerCase();

    await gateway.camera(1);
    await other.camera(1);
    // Another customer's camera goes: this customer's rule does not reach it.
    await other.camera(0);
    await settle();
    expect(await other.incidents()).toEqual([]);
    expect(await gateway.incidents()).toEqual([]);

    // The portal restarts between the gateway's 1 and its 0: the removal is not missed.
    await restart();
    await gateway.camera(0);
    await waitFor(async () => (await gateway.incidents())[0]?.state === 'firing');
    expect(await gateway.incidents()).toEqual([
      {
        rule_id: ruleId,
        state: 'firing',
        alert_type: 'CAMERA_MODULE_ALERT',
        tenant_id: owner.tenant.id,
        rule_tenant_id: owner.tenant.id,
        value: 0,
      },
    ]);
    await waitFor(async () => (await gateway.notifications()).length === 1);

    // Still 0 (the state is sent again every minute and at each reconnect), before and after a restart: nothing new.
    await gateway.camera(0);
    await restart();
    await gateway.camera(0);
    await settle();
    expect((await gateway.incidents()).map((i) => i.state)).toEqual(['firing']);
    expect(await gateway.notifications()).toEqual([`fired ${email}`]);

    // Back to 1 on the restarted portal (which has not seen the incident open): it clears, once.
    await gateway.camera(1);
    await waitFor(async () => (await gateway.incidents())[0]?.state === 'resolved');
    await gateway.camera(1);
    await settle();
    expect((await gateway.incidents()).map((i) => i.state)).toEqual(['resolved']);
    expect(await gateway.notifications()).toEqual([`fired ${email}`, `resolved ${email}`]);
    expect(await gateway.items()).toEqual([
      { nme: 'Camera Module Removed', val: 'Removed', val2: 'Lobby camera', alrt: 1 },
      { nme: 'Camera Module Fitted', val: 'Fitted', val2: 'Lobby camera', alrt: 2 },
    ]);
    expect(await other.incidents()).toEqual([]);
    expect(await other.notifications()).toEqual([]);

    // The mail names the condition.
    const mail = await portal.database.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', email)
      .orderBy('id')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual([
      `Alert: Lobby camera - the camera module was removed (CMS 0) on Lobby gateway (${gateway.mac})`,
      `Resolved: Lobby camera - the camera module is fitted again (CMS 1) on Lobby gateway (${gateway.mac})`,
    ]);
  });

  it("a parent's camera rule reaches a sub-customer's gateway, not a sibling's; a gateway that never had a camera fires nothing", async () => {
    const parent = await member('Holding');
    const child = await member('Branch', parent.tenant.id);
    const sibling = await member('Outsider');
    const ruleId = await cameraRule(parent, 'Group cameras');
    const branch = await gatewayOf(child.tenant.id, 'Branch gateway');
    const bare = await gatewayOf(child.tenant.id, 'Bare gateway');
    const beside = await gatewayOf(sibling.tenant.id, 'Outsider gateway');

    await bare.camera(0);
    await bare.camera(0);
    await beside.camera(1);
    await beside.camera(0);
    await branch.camera(1);
    await branch.camera(0);
    await waitFor(async () => (await branch.incidents())[0]?.state === 'firing');
    expect(await branch.incidents()).toMatchObject([
      { rule_id: ruleId, state: 'firing', tenant_id: child.tenant.id, rule_tenant_id: parent.tenant.id },
    ]);
    expect(await bare.incidents()).toEqual([]);
    expect(await beside.incidents()).toEqual([]);

    // The child's user sees it in its incidents; the sibling's does not.
    const list = async (who: Member, scopeId: string) =>
      (
        await injectAs(portal, who.cookie, 'GET', '/api/alert-incidents', {
          query: { scopeId, state: 'open' },
        })
      ).json().incidents as { gatewayMac: string; alertType: string }[];
    expect((await list(child, child.tenant.id)).filter((i) => i.gatewayMac === branch.mac)).toMatchObject([
      { alertType: 'CAMERA_MODULE_ALERT' },
    ]);
    expect((await list(sibling, sibling.tenant.id)).filter((i) => i.gatewayMac === branch.mac)).toEqual([]);

    await branch.camera(1);
    await waitFor(async () => (await branch.incidents())[0]?.state === 'resolved');
  });

  it('the simulator removes a camera on a script (cameraRemoval, --camera-removal-after) and fits it again', async () => {
    const owner = await member('Depot');
    await cameraRule(owner, 'Depot camera');
    const mac = randomMac();
    const { password } = await portal.services.gateways.provision(owner.tenant.id, mac, 'Depot gateway');
    const simulation = startSimulation({
      brokerUrl: backend === 'real' ? REAL_MQTT : `mqtt://127.0.0.1:${portal.messaging.tcpPort()}`,
      gateways: [{ mac, password, scopeId: owner.tenant.id, camera: true }],
      telemetryIntervalMs: 60_000,
      cameraRemoval: { afterMs: 5_000, refitAfterMs: 1_000 },
      seed: 3,
    });
    const incident = () =>
      portal.database.db
        .selectFrom('alert_incidents')
        .select(['state', 'alert_type'])
        .where('gateway_mac', '=', mac)
        .executeTakeFirst();
    try {
      await simulation.whenConnected();
      expect(simulation.gateways[0]!.hasCamera()).toBe(true);
      // Its state at connect says the camera is fitted; the removal comes later.
      await waitFor(async () =>
        portal.database.db
          .selectFrom('alert_camera_states')
          .select('cms')
          .where('gateway_mac', '=', mac)
          .where('cms', '=', 1)
          .executeTakeFirst(),
      );
      expect(await incident()).toBeUndefined();
      await waitFor(async () => (await incident())?.state === 'firing', 15_000);
      expect(simulation.gateways[0]!.hasCamera()).toBe(false);
      expect(await incident()).toEqual({ state: 'firing', alert_type: 'CAMERA_MODULE_ALERT' });
      await waitFor(async () => (await incident())?.state === 'resolved', 15_000);
      expect(simulation.gateways[0]!.hasCamera()).toBe(true);
    } finally {
      await simulation.stop();
    }
  });
});
