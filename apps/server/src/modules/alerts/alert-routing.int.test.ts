import {
  ALERT_HOOKS_MAX,
  type AlertRouting,
  alertMessages,
  alertRoutingMessages,
  deviceUp,
  ESCALATION_MINUTES,
  REMINDER_MINUTES,
} from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, randomMac, sharedPortal, signIn, type TestPortal, waitFor } from '../../../test/harness.ts';
import { type Customer, call, colleague, customer, READER } from './test-helpers.ts';

/*
 * Issue 31, alert channels and lifecycle: a rule's routing (reminder, escalation, hooks) at its calls, every
 * limit at both bounds, the walls, and the engine reading it through the alerts module's rules.
 */
describe(`alert routing (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;
  let sensorId: string;
  let unlockId: string;

  const routingOf = (id: string, c = alpha) =>
    call(portal, c.cookie, 'GET', `/api/alert-rules/${id}/routing`);
  const put = (id: string, body: Record<string, unknown>, c = alpha) =>
    call(portal, c.cookie, 'PUT', `/api/alert-rules/${id}/routing`, {
      reminderMinutes: null,
      escalationMinutes: null,
      escalationReceivers: [],
      hooks: [],
      ...body,
    });
  const refused = (response: { statusCode: number; json: () => unknown }, message: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json()).toMatchObject({ message });
  };

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await customer(portal, 'Alpha');
    beta = await customer(portal, 'Beta');
    const sensor = await call(portal, alpha.cookie, 'POST', '/api/sensor-alerts', {
      alertType: 'HIGH_CO2',
      alertName: 'Office air',
      waitingTime: 10,
      thresholdType: 'greater_than',
      threshold: 2000,
      receivers: [{ userId: alpha.userId }],
      emailAlert: true,
      smsAlert: false,
      scopeId: alpha.tenant.id,
    });
    expect(sensor.statusCode, sensor.body).toBe(201);
    sensorId = sensor.json().alert.id;
    const unlock = await call(portal, alpha.cookie, 'POST', '/api/alert/createAlert', {
      scopeId: alpha.tenant.id,
      alertType: 'UNLOCK',
      receivers: [alpha.email],
    });
    expect(unlock.statusCode, unlock.body).toBe(201);
    unlockId = unlock.json().alert.alertId;
  });

  it('is off by default, saved for sensor and lock rules alike, every limit at both bounds', async () => {
    expect((await routingOf(sensorId)).json()).toEqual({
      ruleId: sensorId,
      reminderMinutes: null,
      escalationMinutes: null,
      escalationReceivers: [],
      hooks: [],
    });
    const boss = await colleague(portal, alpha.tenant.id, 'Boss');
    for (const [reminderMinutes, escalationMinutes] of [
      [REMINDER_MINUTES.min, ESCALATION_MINUTES.min],
      [REMINDER_MINUTES.max, ESCALATION_MINUTES.max],
    ]) {
      const saved = await put(sensorId, {
        reminderMinutes,
        escalationMinutes,
        escalationReceivers: [boss.id],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        reminderMinutes,
        escalationMinutes,
        escalationReceivers: [{ userId: boss.id, name: 'Boss Colleague', email: boss.email }],
      });
    }
    refused(
      await put(sensorId, { reminderMinutes: REMINDER_MINUTES.min - 1 }),
      alertRoutingMessages.reminderInvalid,
    );
    refused(
      await put(sensorId, { reminderMinutes: REMINDER_MINUTES.max + 1 }),
      alertRoutingMessages.reminderInvalid,
    );
    refused(await put(sensorId, { reminderMinutes: 5.5 }), alertRoutingMessages.reminderInvalid);
    refused(
      await put(sensorId, { escalationMinutes: ESCALATION_MINUTES.min - 1, escalationReceivers: [boss.id] }),
      alertRoutingMessages.escalationInvalid,
    );
    refused(
      await put(sensorId, { escalationMinutes: ESCALATION_MINUTES.max + 1, escalationReceivers: [boss.id] }),
      alertRoutingMessages.escalationInvalid,
    );
    refused(await put(sensorId, { escalationMinutes: 10 }), alertRoutingMessages.escalationReceiversRequired);
    // Escalation receivers are users the rule's receivers could be: not another customer's.
    refused(
      await put(sensorId, { escalationMinutes: 10, escalationReceivers: [beta.userId] }),
      alertMessages.receiverUnknown,
    );
    const hook = (n: number) => ({ format: 'slack', url: `https://hooks.example.com/services/${n}` });
    const five = Array.from({ length: ALERT_HOOKS_MAX }, (_, n) => hook(n));
    const lock = await put(unlockId, { hooks: five, reminderMinutes: 60 });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json<AlertRouting>().hooks).toHaveLength(ALERT_HOOKS_MAX);
    refused(await put(unlockId, { hooks: [...five, hook(9)] }), alertRoutingMessages.hooksTooMany);
    refused(
      await put(unlockId, { hooks: [{ format: 'teams', url: 'ftp://example.com/x' }] }),
      alertRoutingMessages.hookUrlInvalid,
    );
    refused(
      await put(unlockId, { hooks: [{ format: 'teams', url: 'not a url' }] }),
      alertRoutingMessages.hookUrlInvalid,
    );
    // Escalation receivers: at most 50 (50 strangers pass the schema and are refused as non-users; 51 do not).
    const uuids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    refused(
      await put(sensorId, { escalationMinutes: 10, escalationReceivers: uuids(50) }),
      alertMessages.receiverUnknown,
    );
    expect((await put(sensorId, { escalationMinutes: 10, escalationReceivers: uuids(51) })).statusCode).toBe(
      400,
    );
    // A hook address: up to 2,000 characters.
    const longUrl = (length: number) => `https://hooks.example.com/${'a'.repeat(length - 26)}`;
    expect((await put(unlockId, { hooks: [{ format: 'webhook', url: longUrl(2001) }] })).statusCode).toBe(
      400,
    );
    const long = await put(unlockId, { hooks: [{ format: 'webhook', url: longUrl(2000) }] });
    expect(long.statusCode, long.body).toBe(200);
    expect((await put(unlockId, { hooks: five, reminderMinutes: 60 })).statusCode).toBe(200);
    // The refusals changed nothing.
    expect((await routingOf(unlockId)).json<AlertRouting>()).toMatchObject({
      reminderMinutes: 60,
      hooks: five,
    });
    expect((await routingOf(sensorId)).json<AlertRouting>()).toMatchObject({
      reminderMinutes: REMINDER_MINUTES.max,
      escalationMinutes: ESCALATION_MINUTES.max,
    });
  });

  it('walls: another customer 404, a reader may read but not save, an unknown rule 404; audited; gone with its rule', async () => {
    expect((await routingOf(sensorId, beta)).statusCode).toBe(404);
    expect((await put(sensorId, {}, beta)).statusCode).toBe(404);
    expect((await routingOf('not-a-rule')).statusCode).toBe(404);
    expect((await routingOf(crypto.randomUUID())).statusCode).toBe(404);
    const reader = await colleague(portal, alpha.tenant.id, 'Reader', '', undefined, READER);
    const readerCookie = await signIn(portal, reader.email, 'UserPass1');
    const asReader = { ...alpha, cookie: readerCookie };
    expect((await routingOf(sensorId, asReader)).statusCode).toBe(200);
    expect((await put(sensorId, { reminderMinutes: 30 }, asReader)).statusCode).toBe(403);

    const audited = await portal.database.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('table_name', '=', 'alert_routing')
      .where('tenant_id', '=', alpha.tenant.id)
      .execute();
    expect(audited.map((a) => a.action)).toContain('PUT /api/alert-rules/:id/routing');

    const made = await call(portal, alpha.cookie, 'POST', '/api/sensor-alerts', {
      alertType: 'HIGH_TEMP',
      alertName: 'Temporary',
      waitingTime: 10,
      thresholdType: 'greater_than',
      threshold: 40,
      receivers: [{ userId: alpha.userId }],
      emailAlert: true,
      smsAlert: false,
      scopeId: alpha.tenant.id,
    });
    const id = made.json().alert.id as string;
    expect((await put(id, { reminderMinutes: 15 })).statusCode).toBe(200);
    expect((await call(portal, alpha.cookie, 'DELETE', `/api/sensor-alerts/${id}`)).statusCode).toBe(200);
    const left = await sql`SELECT alert_id FROM alert_routing WHERE alert_id = ${id}`.execute(
      portal.database.db,
    );
    expect(left.rows).toEqual([]);
  });

  it('hook addresses are secrets: a reader sees scheme and host, a writer the full address, the audit neither path', async () => {
    const slack = 'https://hooks.slack.com/services/T0AAA/B0BBB/XXXXsecretpart';
    const teams = 'https://acme.webhook.office.com/webhookb2/abc@def/IncomingWebhook/0123/ghi?sig=teamsKey';
    const saved = await put(sensorId, {
      hooks: [
        { format: 'slack', url: slack },
        { format: 'teams', url: teams },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The writer (ALERTS_WRITE) edits them: full addresses, in the answer to the save and on reading.
    expect(saved.json<AlertRouting>().hooks).toEqual([
      { format: 'slack', url: slack },
      { format: 'teams', url: teams },
    ]);
    expect((await routingOf(sensorId)).json<AlertRouting>().hooks).toEqual([
      { format: 'slack', url: slack },
      { format: 'teams', url: teams },
    ]);
    // A reader (ALERTS_READ only): the scheme and host, the path and query masked; the rest as the writer's.
    const reader = await colleague(portal, alpha.tenant.id, 'Masked', '', undefined, READER);
    const asReader = { ...alpha, cookie: await signIn(portal, reader.email, 'UserPass1') };
    const read = await routingOf(sensorId, asReader);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<AlertRouting>().hooks).toEqual([
      { format: 'slack', url: 'https://hooks.slack.com/…' },
      { format: 'teams', url: 'https://acme.webhook.office.com/…' },
    ]);
    expect(read.body).not.toContain('secretpart');
    expect(read.body).not.toContain('teamsKey');
    expect(read.json<AlertRouting>().reminderMinutes).toBe(
      (await routingOf(sensorId)).json().reminderMinutes,
    );

    // The audit row of the save tells which hooks (format and host) and that the addresses changed, no path.
    const [audited] = await portal.database.db
      .selectFrom('audit_log')
      .select(['summary', 'action'])
      .where('table_name', '=', 'alert_routing')
      .where('tenant_id', '=', alpha.tenant.id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const summary = audited!.summary as Record<string, { from?: unknown; to?: unknown }>;
    expect(audited!.action).toBe('PUT /api/alert-rules/:id/routing');
    expect(summary.hooks?.to).toEqual([
      { format: 'slack', host: 'hooks.slack.com' },
      { format: 'teams', host: 'acme.webhook.office.com' },
    ]);
    expect(summary.hook_secrets?.to).toBe('[redacted]');
    const text = JSON.stringify(summary);
    for (const part of ['/services', 'secretpart', 'webhookb2', 'teamsKey']) expect(text).not.toContain(part);
    // As the Activity screen shows it to the customer's administrator.
    const activity = await call(portal, await signIn(portal), 'GET', '/api/audit', undefined, {
      what: 'alert_routing',
      pageSize: '100',
    });
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().items.length).toBeGreaterThan(0);
    for (const part of ['secretpart', 'teamsKey']) expect(activity.body).not.toContain(part);

    // Changing only a path changes no host: still recorded (the redacted column), still no path.
    const rotated = await put(sensorId, {
      hooks: [
        { format: 'slack', url: `${slack}2` },
        { format: 'teams', url: teams },
      ],
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const [changed] = await portal.database.db
      .selectFrom('audit_log')
      .select(['summary'])
      .where('table_name', '=', 'alert_routing')
      .where('tenant_id', '=', alpha.tenant.id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(changed!.summary).toEqual({
      hook_secrets: { from: '[redacted]', to: '[redacted]' },
      updated_at: expect.anything(),
    });
    expect((await put(sensorId, { hooks: [] })).statusCode).toBe(200);
  });

  it('the audit trigger is on the tables calls change (routing, acknowledgements, webhooks), not on background ones', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT c.relname AS table_name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      WHERE g.tgname = 'audit_row' AND NOT g.tgisinternal
        AND c.relname IN ('alert_routing', 'alert_acknowledgements', 'alert_digests', 'alert_incidents',
                          'alert_notifications', 'webhooks', 'webhook_deliveries')`.execute(
      portal.database.db,
    );
    expect(rows.map((row) => row.table_name).sort()).toEqual([
      'alert_acknowledgements',
      'alert_routing',
      'webhooks',
    ]);
  });

  it("the engine reads it: an unlock posts to the rule's hook, and a loopback address is refused (no allowed networks here)", async () => {
    const gamma = await customer(portal, 'Gamma');
    const unlock = await call(portal, gamma.cookie, 'POST', '/api/alert/createAlert', {
      scopeId: gamma.tenant.id,
      alertType: 'UNLOCK',
      receivers: [gamma.email],
    });
    const ruleId = unlock.json().alert.alertId as string;
    expect(
      (await put(ruleId, { hooks: [{ format: 'webhook', url: 'http://127.0.0.1:9/hook' }] }, gamma))
        .statusCode,
    ).toBe(200);
    const mac = randomMac();
    const door = randomMac();
    await portal.services.gateways.provision(gamma.tenant.id, mac, 'Gamma gateway');
    const device = { mac, tenantId: gamma.tenant.id };
    const send = (topic: string, body: unknown) =>
      portal.inbox.handle(device, topic, Buffer.from(JSON.stringify(body)));
    await send(deviceUp.status(mac), { CS: 1, TI: Date.now() });
    await send(deviceUp.locks(mac), {
      kind: 'update',
      TI: Date.now(),
      locks: [{ MAC: door, name: 'Gate-1' }],
    });
    await send(deviceUp.lockEvents(mac), {
      events: [{ id: 'u1', MAC: door, TI: Date.now(), kind: 'UNLOCKED', method: 'app' }],
    });
    const incidents = await waitFor(async () => {
      const list = (
        await call(portal, gamma.cookie, 'GET', '/api/alert-incidents', undefined, {
          scopeId: gamma.tenant.id,
        })
      ).json().incidents as { id: string; subjectName: string | null; ruleId: string }[];
      return list.length > 0 ? list : null;
    });
    expect(incidents[0]).toMatchObject({ ruleId, subjectName: 'Gate-1' });
    const hooks = await waitFor(async () => {
      const list = (
        await call(portal, gamma.cookie, 'GET', `/api/alert-incidents/${incidents[0]!.id}/notifications`)
      ).json().notifications as {
        channel: string;
        status: string;
        lastError: string | null;
        recipient: string;
      }[];
      const posted = list.filter((n) => n.channel === 'webhook');
      return posted[0]?.status === 'failed' ? posted : null;
    });
    expect(hooks[0]!.lastError).toMatch(/Refused target address: 127\.0\.0\.1 is a loopback address/);
    // Listed with scheme and host only (ALERTS_READ holders read the notifications).
    expect(hooks[0]).toMatchObject({ recipient: 'http://127.0.0.1:9/…' });
  });
});
