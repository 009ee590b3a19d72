import { type AlertIncidentLiveMessage, deviceUp, live } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectLive,
  createCustomerWithUser,
  endClients,
  randomMac,
  signIn,
  startPortal,
  subscribeCodes,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { type Customer, call, customer, WRITER } from '../alerts/test-helpers.ts';

/*
 * Issue 17: rules defined at a customer reach the gateways of its sub-customers (not a sibling's), and no-data
 * and offline incidents notify the receivers of the sensor/system rules covering the gateway. The rules are the
 * alerts module's, made over HTTP; the mail reaches a real SMTP server.
 */
describe(`alert rules' reach, offline notifications and sensor 2 (${backend} backend)`, () => {
  let portal: TestPortal;
  let smtp: TestSmtp;
  let parent: Customer;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal({ ALERT_TICK_MS: '50', SMTP_URL: smtp.url });
    parent = await customer(portal, 'Parent');
  }, 180_000);
  const clients: MqttClient[] = [];
  afterEach(() => endClients(clients));
  afterAll(async () => {
    await endClients(clients);
    await portal?.close();
    await smtp?.close();
  });

  /** A gateway of the tenant, online, driven through the ingest entry point as the broker would. */
  async function gatewayOf(tenantId: string, name: string) {
    const mac = randomMac();
    await portal.services.gateways.provision(tenantId, mac, name);
    const send = (topic: string, body: unknown) =>
      portal.inbox.handle({ mac, tenantId }, topic, Buffer.from(JSON.stringify(body)));
    const gateway = {
      mac,
      online: () => send(deviceUp.status(mac), { CS: 1, TI: Date.now() }),
      offline: () => send(deviceUp.status(mac), { CS: 0, TI: Date.now() }),
      sample: (values: Record<string, number>) =>
        send(deviceUp.telemetry(mac), { samples: [{ TI: Date.now(), ...values }] }),
    };
    await gateway.online();
    return gateway;
  }

  const incidentsOn = (mac: string) =>
    portal.database.db
      .selectFrom('alert_incidents')
      .selectAll()
      .where('gateway_mac', '=', mac)
      .orderBy('started_at')
      .execute();

  const co2Rule = async (owner: Customer, name: string) => {
    const response = await call(portal, owner.cookie, 'POST', '/api/sensor-alerts', {
      alertType: 'HIGH_CO2',
      alertName: name,
      waitingTime: 0,
      thresholdType: 'greater_than',
      threshold: 2000,
      receivers: [{ userId: owner.userId }],
      emailAlert: true,
      smsAlert: false,
      scopeId: owner.tenant.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().alert.id as string;
  };

  it("a parent's rule fires on a sub-customer's gateway, not on a sibling's, and ends when it is deleted", async () => {
    const child = await createCustomerWithUser(portal, 'Child', { parentId: parent.tenant.id });
    const grandchild = await createCustomerWithUser(portal, 'Grandchild', { parentId: child.tenant.id });
    const sibling = await createCustomerWithUser(portal, 'Sibling');
    const below = await gatewayOf(grandchild.tenant.id, 'Cellar gateway');
    const beside = await gatewayOf(sibling.tenant.id, 'Sibling gateway');
    const ruleId = await co2Rule(parent, 'Group CO2');

    await beside.sample({ CO2: 2600 });
    await below.sample({ CO2: 2400 });
    const mail = await smtp.waitForMessage(parent.email, 20_000);
    expect(mail.subject).toBe(`Alert: Group CO2 - CO2 2400 (above 2000) on Cellar gateway (${below.mac})`);
    const [incident] = await incidentsOn(below.mac);
    expect(incident).toMatchObject({
      rule_id: ruleId,
      tenant_id: grandchild.tenant.id,
      rule_tenant_id: parent.tenant.id,
      state: 'firing',
    });
    // The sibling's sample came first and is past the threshold too: nothing is opened for it.
    expect(await incidentsOn(beside.mac)).toEqual([]);
    expect(smtp.messages.filter((m) => m.subject.includes(beside.mac))).toEqual([]);

    // The rule deleted at the parent: the incident on the grandchild's gateway ends.
    const deleted = await call(portal, parent.cookie, 'DELETE', `/api/sensor-alerts/${ruleId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await waitFor(async () => (await incidentsOn(below.mac))[0]?.state === 'resolved', 20_000);
  });

  it("a HIGH_CO2_CTN rule watches the air-quality sensor 2's CO2 (CO2_CTN), not the first sensor's", async () => {
    const own = await customer(portal, 'Second');
    const gateway = await gatewayOf(own.tenant.id, 'Lab gateway');
    const response = await call(portal, own.cookie, 'POST', '/api/sensor-alerts', {
      alertType: 'HIGH_CO2_CTN',
      alertName: 'Lab sensor 2',
      waitingTime: 0,
      thresholdType: 'greater_than',
      threshold: 1500,
      receivers: [{ userId: own.userId }],
      emailAlert: true,
      smsAlert: false,
      scopeId: own.tenant.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    await gateway.sample({ CO2: 1900, CO2_CTN: 1400 });
    await gateway.sample({ CO2: 700, CO2_CTN: 1750 });
    const mail = await smtp.waitForMessage(own.email, 20_000);
    expect(mail.subject).toBe(
      `Alert: Lab sensor 2 - CO2 sensor 2 1750 (above 1500) on Lab gateway (${gateway.mac})`,
    );
    expect(await incidentsOn(gateway.mac)).toMatchObject([
      { alert_type: 'HIGH_CO2_CTN', sensor: 'CO2_CTN', value: 1750, state: 'firing' },
    ]);
  });

  it('a gateway going offline and coming back mails the receivers of the sensor rules covering it', async () => {
    const child = await createCustomerWithUser(portal, 'Branch', { parentId: parent.tenant.id });
    const gateway = await gatewayOf(child.tenant.id, 'Branch gateway');
    const ruleless = await createCustomerWithUser(portal, 'Ruleless');
    const lonely = await gatewayOf(ruleless.tenant.id, 'Lonely gateway');
    await co2Rule(parent, 'Branch CO2');

    await lonely.offline();
    await gateway.offline();
    const down = await smtp.waitForMessage(parent.email, 20_000);
    expect(down.subject).toBe(
      `Alert: Gateway offline - the gateway went offline (its connection was lost) on Branch gateway (${gateway.mac})`,
    );
    await gateway.online();
    const up = await smtp.waitForMessage(parent.email, 20_000);
    expect(up.subject).toMatch(/^Resolved: Gateway offline - /);
    expect(up.subject).toContain(`(${gateway.mac})`);

    const notified = await portal.database.db
      .selectFrom('alert_notifications as n')
      .innerJoin('alert_incidents as i', 'i.id', 'n.incident_id')
      .select(['i.gateway_mac', 'n.event', 'n.recipient'])
      .where('i.gateway_mac', 'in', [gateway.mac, lonely.mac])
      .orderBy('n.created_at')
      .execute();
    // A gateway no rule covers is still an incident (in the panels and the list) but notifies nobody.
    expect(notified).toEqual([
      { gateway_mac: gateway.mac, event: 'fired', recipient: parent.email.toLowerCase() },
      { gateway_mac: gateway.mac, event: 'resolved', recipient: parent.email.toLowerCase() },
    ]);
    expect((await incidentsOn(lonely.mac)).map((i) => i.kind)).toEqual(['offline']);
  });

  it("a parent's rule's incident shows in the sub-customer's incidents and panels, not to a sibling; the rule stays the parent's", async () => {
    const member = async (label: string, parentId?: string) => {
      const created = await createCustomerWithUser(portal, label, {
        permissions: [...WRITER, 'IOT_DEVICE_READ'],
        ...(parentId ? { parentId } : {}),
      });
      return { ...created, cookie: await signIn(portal, created.email, created.password) };
    };
    // A parent of its own: the suite's parent already has a CO2 rule (one per type).
    const top = await customer(portal, 'Chain');
    const child = await member('Shop', top.tenant.id);
    const grandchild = await member('Counter', child.tenant.id);
    const sibling = await member('Rival');
    const own = await gatewayOf(child.tenant.id, 'Shop gateway');
    const below = await gatewayOf(grandchild.tenant.id, 'Counter gateway');
    const ruleId = await co2Rule(top, 'Chain CO2');
    await own.sample({ CO2: 2300 });
    await below.sample({ CO2: 2500 });
    await waitFor(async () => (await incidentsOn(below.mac))[0]?.state === 'firing', 20_000);
    await waitFor(async () => (await incidentsOn(own.mac))[0]?.state === 'firing', 20_000);

    const incidents = async (cookie: string, scopeId: string) => {
      const response = await call(
        portal,
        cookie,
        'GET',
        `/api/alert-incidents?scopeId=${scopeId}&state=open`,
      );
      return {
        status: response.statusCode,
        list: (response.json().incidents ?? []) as Record<string, unknown>[],
      };
    };
    const ofRule = (list: Record<string, unknown>[]) =>
      list
        .filter((i) => i.ruleId === ruleId)
        .map((i) => ({ gatewayMac: i.gatewayMac, ruleName: i.ruleName, scopeId: i.scopeId, state: i.state }))
        .sort((a, b) => String(a.scopeId).localeCompare(String(b.scopeId)));
    const onOwn = { gatewayMac: own.mac, ruleName: 'Chain CO2', scopeId: child.tenant.id, state: 'firing' };
    const onBelow = {
      gatewayMac: below.mac,
      ruleName: 'Chain CO2',
      scopeId: grandchild.tenant.id,
      state: 'firing',
    };
    const byScope = (rows: (typeof onOwn)[]) => rows.sort((a, b) => a.scopeId.localeCompare(b.scopeId));

    // The sub-customer's user sees the incidents on its gateways and on its own sub-customer's.
    const seenByChild = await incidents(child.cookie, child.tenant.id);
    expect(seenByChild.status).toBe(200);
    expect(ofRule(seenByChild.list)).toEqual(byScope([onOwn, onBelow]));
    expect(ofRule((await incidents(grandchild.cookie, grandchild.tenant.id)).list)).toEqual([onBelow]);
    // The parent's user sees them in its scope too (the scope's gateway list shows those gateways).
    expect(ofRule((await incidents(top.cookie, top.tenant.id)).list)).toEqual(byScope([onOwn, onBelow]));
    // A sibling sees none of it: not in its scope, and the child's scope is a 404.
    expect(ofRule((await incidents(sibling.cookie, sibling.tenant.id)).list)).toEqual([]);
    expect((await incidents(sibling.cookie, child.tenant.id)).status).toBe(404);
    expect((await incidents(grandchild.cookie, child.tenant.id)).status).toBe(404);

    // The gateway's System/Sensor Alerts panel: the item is there for the child, the gateway a 404 for the sibling.
    const panel = (cookie: string) =>
      call(
        portal,
        cookie,
        'GET',
        `/api/device/events/macId/${own.mac}/fromTime/${Date.now() - 600_000}/toTime/${Date.now() + 60_000}`,
      );
    const childPanel = await panel(child.cookie);
    expect(childPanel.statusCode, childPanel.body).toBe(200);
    expect(childPanel.json().SA).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nme: 'CO2 High', val: 2300, val2: 'Chain CO2', sr: 'CO2', alrt: 1 }),
      ]),
    );
    expect((await panel(sibling.cookie)).statusCode).toBe(404);

    // The rule itself stays the parent's: not in the child's list, not editable or deletable from there.
    const childRules = await call(
      portal,
      child.cookie,
      'GET',
      `/api/sensor-alerts/all?scopeId=${child.tenant.id}`,
    );
    expect(childRules.statusCode).toBe(200);
    expect(childRules.json().alerts.map((a: { id: string }) => a.id)).not.toContain(ruleId);
    expect(
      (await call(portal, child.cookie, 'GET', `/api/sensor-alerts/all?scopeId=${top.tenant.id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(portal, child.cookie, 'PUT', `/api/sensor-alerts/${ruleId}`, {
          alertType: 'HIGH_CO2',
          alertName: 'Taken over',
          waitingTime: 0,
          thresholdType: 'greater_than',
          threshold: 9000,
          receivers: [],
          emailAlert: true,
          smsAlert: false,
          scopeId: child.tenant.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(portal, child.cookie, 'DELETE', `/api/sensor-alerts/${ruleId}`)).statusCode).toBe(404);
    const parentRules = await call(
      portal,
      top.cookie,
      'GET',
      `/api/sensor-alerts/all?scopeId=${top.tenant.id}`,
    );
    expect(parentRules.json().alerts.find((a: { id: string }) => a.id === ruleId)).toMatchObject({
      alertName: 'Chain CO2',
      threshold: 2000,
    });
  });
  it("an incident reaches live the alerts channels of its gateway's customer and of the customers above it, never a sibling's nor one below", async () => {
    const member = async (label: string, parentId: string) => {
      const created = await createCustomerWithUser(portal, label, { permissions: WRITER, parentId });
      return { ...created, cookie: await signIn(portal, created.email, created.password) };
    };
    const top = await customer(portal, 'Tower');
    const child = await member('Floor', top.tenant.id);
    const sibling = await member('Annex', top.tenant.id);
    const rootTenant = await portal.database.db
      .selectFrom('tenants')
      .select('id')
      .where('kind', '=', 'root')
      .executeTakeFirstOrThrow();
    const topGateway = await gatewayOf(top.tenant.id, 'Tower gateway');
    const childGateway = await gatewayOf(child.tenant.id, 'Floor gateway');
    await co2Rule(top, 'Tower CO2');

    /** A browser of `cookie` listening to `scopeId`'s alerts channel: the incidents it hears, as (mac, event). */
    const listen = async (cookie: string, scopeId: string) => {
      const client = await connectLive(portal, cookie);
      clients.push(client);
      const heard: { mac: string; event: string; scopeId: string }[] = [];
      client.on('message', (_topic, payload) => {
        const message = JSON.parse(payload.toString()) as AlertIncidentLiveMessage | { type: string };
        if (message.type !== 'incident') return;
        const { incident, event } = message as AlertIncidentLiveMessage;
        if ([topGateway.mac, childGateway.mac].includes(incident.gatewayMac))
          heard.push({ mac: incident.gatewayMac, event, scopeId: incident.scopeId });
      });
      expect(await subscribeCodes(client, [live.alerts(scopeId)])).toEqual([1]);
      return { client, heard };
    };
    const atTop = await listen(top.cookie, top.tenant.id);
    const atRoot = await listen(await signIn(portal), rootTenant.id);
    const atChild = await listen(child.cookie, child.tenant.id);
    const atSibling = await listen(sibling.cookie, sibling.tenant.id);
    // Nor may they listen above or beside them.
    expect(await subscribeCodes(atChild.client, [live.alerts(top.tenant.id)])).toEqual([128]);
    expect(await subscribeCodes(atSibling.client, [live.alerts(child.tenant.id)])).toEqual([128]);

    await childGateway.sample({ CO2: 2400 });
    const childFired = { mac: childGateway.mac, event: 'fired', scopeId: child.tenant.id };
    await waitFor(async () => atTop.heard.length === 1 && atRoot.heard.length === 1, 20_000);
    await childGateway.sample({ CO2: 600 });
    const childResolved = { ...childFired, event: 'resolved' };
    await waitFor(async () => atTop.heard.length === 2 && atRoot.heard.length === 2, 20_000);
    await topGateway.sample({ CO2: 2600 });
    const topFired = { mac: topGateway.mac, event: 'fired', scopeId: top.tenant.id };
    await waitFor(async () => atTop.heard.length === 3 && atRoot.heard.length === 3, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 400));

    // The parent's user (and root) hear the child's gateway's incident, fired and resolved, and their own.
    expect(atTop.heard).toEqual([childFired, childResolved, topFired]);
    expect(atRoot.heard).toEqual([childFired, childResolved, topFired]);
    // The child's user hears its own gateway's, never the parent's; the sibling hears nothing.
    expect(atChild.heard).toEqual([childFired, childResolved]);
    expect(atSibling.heard).toEqual([]);
  });
});
