import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AlertIncidentLiveMessage,
  type AlertRouting,
  deviceUp,
  incidentAcknowledgeMessages,
  live,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, signIn, type TestPortal, waitFor, watchLive } from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { colleague, WRITER } from '../alerts/test-helpers.ts';
import type { AlertRule } from './alert-rules.port.ts';
import {
  type AlertGateway,
  type ArrayRules,
  customerWithGateway,
  incidentsOf,
  randomMac,
  receiver,
  sensorRule,
  sleep,
  startAlertPortal,
  withEngineInstances,
} from './test-helpers.ts';

/** A real HTTP receiver on a loopback address: every POST it got, with its parsed body. */
async function startReceiver(host: string) {
  const posts: { path: string; body: unknown; type: string | undefined }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      posts.push({
        path: request.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
        type: request.headers['content-type'],
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://${host}:${port}${path}`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const routing = (over: Partial<AlertRouting> = {}): AlertRule['routing'] => ({
  reminderMinutes: null,
  escalationMinutes: null,
  escalationReceivers: [],
  hooks: [],
  ...over,
});

describe(`alert lifecycle: acknowledge, reminders, escalation, digests, hooks (${backend} backend)`, () => {
  let portal: TestPortal;
  let rules: ArrayRules;
  let smtp: TestSmtp;
  let allowed: Awaited<ReturnType<typeof startReceiver>>;
  let refused: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    allowed = await startReceiver('127.0.0.1');
    // Loopback too, outside the allowed network: the guard, not the network, keeps the post away.
    refused = await startReceiver('127.0.0.2');
    ({ portal, rules } = await startAlertPortal({
      SMTP_URL: smtp.url,
      OUTBOUND_ALLOW_NETWORKS: '127.0.0.1/32',
    }));
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
    await allowed?.close();
    await refused?.close();
  });

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email.toLowerCase()));
  const moveTimer = (incidentId: string, column: 'next_reminder_at' | 'escalate_at') =>
    sql`UPDATE alert_incidents SET ${sql.ref(column)} = now() - interval '1 second' WHERE id = ${incidentId}`.execute(
      portal.database.db,
    );
  const firing = async (ruleId: string) =>
    (
      await waitFor(async () => {
        const rows = await incidentsOf(portal, ruleId);
        return rows.at(-1)?.state === 'firing' ? rows : null;
      })
    ).at(-1)!;
  /** A user of the gateway's customer holding ALERTS_WRITE, signed in. */
  const writer = async (gateway: AlertGateway, name: string) => {
    const user = await colleague(portal, gateway.tenantId, name, '', undefined, WRITER);
    return { ...user, cookie: await signIn(portal, user.email, 'UserPass1') };
  };
  const acknowledge = (cookie: string, id: string) =>
    injectAs(portal, cookie, 'POST', `/api/alert-incidents/${id}/acknowledge`);

  it('reminds while firing and unacknowledged; acknowledging stops the reminders and the escalation', async () => {
    const gateway = await customerWithGateway(portal, 'Remind');
    const watcher = receiver();
    const boss = receiver();
    const rule = sensorRule(gateway.tenantId, {
      name: 'Cold room',
      waitingSeconds: 0,
      receivers: [watcher],
      routing: routing({
        reminderMinutes: 5,
        escalationMinutes: 30,
        escalationReceivers: [{ userId: boss.userId, name: boss.name, email: boss.email }],
      }),
    });
    rules.put(rule);
    await gateway.sample({ CO2: 2400 });
    expect((await smtp.waitForMessage(watcher.email)).subject).toMatch(/^Alert: Cold room/);
    const incident = await firing(rule.id);
    expect(incident.next_reminder_at!.getTime() - incident.fired_at!.getTime()).toBe(5 * 60_000);
    expect(incident.escalate_at!.getTime() - incident.fired_at!.getTime()).toBe(30 * 60_000);

    await moveTimer(incident.id, 'next_reminder_at');
    expect((await smtp.waitForMessage(watcher.email)).subject).toMatch(/^Reminder: Cold room - CO2 2400/);
    const [moved] = await incidentsOf(portal, rule.id);
    expect(moved!.next_reminder_at!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    const alice = await writer(gateway, 'Alice');
    // The customer's alerts channel hears the acknowledgement live.
    const channel = await watchLive<AlertIncidentLiveMessage>(
      portal,
      alice.cookie,
      live.alerts(gateway.tenantId),
    );
    const acked = await acknowledge(alice.cookie, incident.id);
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json()).toMatchObject({
      message: incidentAcknowledgeMessages.acknowledged,
      incident: { id: incident.id, state: 'firing', acknowledgedBy: 'Alice Colleague', escalatedAt: null },
    });
    expect(acked.json().incident.acknowledgedAt).toBeGreaterThan(Date.now() - 10_000);
    const heard = await waitFor(async () => channel.messages.find((m) => m.event === 'acknowledged') ?? null);
    expect(heard.incident).toMatchObject({ id: incident.id, acknowledgedBy: 'Alice Colleague' });
    await channel.client.endAsync(true);
    // Timers due again (as if their time had come): neither fires for an acknowledged incident.
    await moveTimer(incident.id, 'next_reminder_at');
    await moveTimer(incident.id, 'escalate_at');
    await sleep(600);
    expect(mailsTo(watcher.email).map((m) => m.subject.split(':')[0])).toEqual(['Alert', 'Reminder']);
    expect(mailsTo(boss.email)).toEqual([]);
    const [after] = await incidentsOf(portal, rule.id);
    expect(after).toMatchObject({ escalated_at: null, acknowledged_by: alice.id });

    // Once: a second acknowledgement is refused; the list shows who and when.
    const again = await acknowledge(alice.cookie, incident.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: incidentAcknowledgeMessages.already });
    const listed = await injectAs(portal, alice.cookie, 'GET', '/api/alert-incidents', {
      query: { scopeId: gateway.tenantId },
    });
    expect(listed.json().incidents).toContainEqual(
      expect.objectContaining({ id: incident.id, acknowledgedBy: 'Alice Colleague', subjectName: null }),
    );

    // Resolution clears the timers.
    await gateway.sample({ CO2: 500 });
    await waitFor(async () => ((await incidentsOf(portal, rule.id))[0]?.state === 'resolved' ? true : null));
    expect((await incidentsOf(portal, rule.id))[0]).toMatchObject({
      next_reminder_at: null,
      escalate_at: null,
    });
    const resolved = await acknowledge(alice.cookie, incident.id);
    expect(resolved.statusCode).toBe(409);
    expect(resolved.json()).toMatchObject({ message: incidentAcknowledgeMessages.notFiring });
  });

  it('two users acknowledging at once: one success, one 409; the acknowledgement is audited', async () => {
    const gateway = await customerWithGateway(portal, 'Race');
    const rule = sensorRule(gateway.tenantId, { waitingSeconds: 0, receivers: [receiver()] });
    rules.put(rule);
    await gateway.sample({ CO2: 2600 });
    const incident = await firing(rule.id);
    const [bob, carol] = [await writer(gateway, 'Bob'), await writer(gateway, 'Carol')];
    const answers = await Promise.all([
      acknowledge(bob.cookie, incident.id),
      acknowledge(carol.cookie, incident.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      message: incidentAcknowledgeMessages.already,
    });
    const rows = await portal.database.db
      .selectFrom('alert_acknowledgements')
      .selectAll()
      .where('incident_id', '=', incident.id)
      .execute();
    expect(rows).toHaveLength(1);
    const audit = await portal.database.db
      .selectFrom('audit_log')
      .select(['action', 'operation', 'actor_user_id'])
      .where('table_name', '=', 'alert_acknowledgements')
      .where('tenant_id', '=', gateway.tenantId)
      .execute();
    expect(audit).toEqual([
      {
        action: 'POST /api/alert-incidents/:id/acknowledge',
        operation: 'INSERT',
        actor_user_id: rows[0]!.user_id,
      },
    ]);
  });

  it('walls: another customer 404, a pending incident 409, no ALERTS_WRITE 403, an API key without it refused', async () => {
    const gateway = await customerWithGateway(portal, 'Walls');
    const rule = sensorRule(gateway.tenantId, { waitingSeconds: 0, receivers: [] });
    const slow = sensorRule(gateway.tenantId, {
      type: 'HIGH_TEMP',
      threshold: 50,
      waitingSeconds: 600,
      receivers: [],
    });
    rules.put(rule, slow);
    await gateway.sample({ CO2: 2600, TEMP: 90 });
    const incident = await firing(rule.id);
    const [pending] = await incidentsOf(portal, slow.id);
    expect(pending).toMatchObject({ state: 'pending' });

    const stranger = await customerWithGateway(portal, 'Stranger');
    const strangerWriter = await writer(stranger, 'Sam');
    expect((await acknowledge(strangerWriter.cookie, incident.id)).statusCode).toBe(404);
    expect((await acknowledge(strangerWriter.cookie, randomUuid())).statusCode).toBe(404);
    // The gateway customer's own user holds ALERTS_READ only.
    const reader = await signIn(portal, gateway.email, gateway.password);
    expect((await acknowledge(reader, incident.id)).statusCode).toBe(403);
    const mine = await writer(gateway, 'Dana');
    const notFiring = await acknowledge(mine.cookie, pending!.id);
    expect(notFiring.statusCode).toBe(409);
    expect(notFiring.json()).toMatchObject({ message: incidentAcknowledgeMessages.notFiring });

    // A key of an API-key holder with ALERTS_READ only: read yes, acknowledge no.
    const keyMaker = await colleague(portal, gateway.tenantId, 'Keymaker', '', undefined, [
      ...WRITER,
      'API_KEY_WRITE',
    ]);
    const keyCookie = await signIn(portal, keyMaker.email, 'UserPass1');
    const created = await injectAs(portal, keyCookie, 'POST', '/api/api-keys', {
      payload: {
        name: 'Read alerts',
        permissions: ['ALERTS_READ'],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${created.json().secret}` };
    const viaKey = await portal.app.inject({
      method: 'POST',
      url: `/api/alert-incidents/${incident.id}/acknowledge`,
      headers: bearer,
    });
    expect(viaKey.statusCode).toBe(403);
    const listed = await portal.app.inject({
      method: 'GET',
      url: `/api/alert-incidents?scopeId=${gateway.tenantId}`,
      headers: bearer,
    });
    expect(listed.statusCode).toBe(200);
    expect((await incidentsOf(portal, rule.id))[0]).toMatchObject({ acknowledged_at: null });
  });

  it('escalates once across two engine instances on one database, to the escalation receivers only', async () => {
    const gateway = await customerWithGateway(portal, 'Escalate');
    const watcher = receiver();
    const boss = receiver();
    const rule = sensorRule(gateway.tenantId, {
      name: 'Freezer',
      waitingSeconds: 0,
      receivers: [watcher],
      routing: routing({
        escalationMinutes: 1,
        escalationReceivers: [{ userId: boss.userId, name: boss.name, email: boss.email }],
      }),
    });
    rules.put(rule);
    await gateway.sample({ CO2: 3100 });
    const incident = await firing(rule.id);
    await smtp.waitForMessage(watcher.email);
    await withEngineInstances(portal, rules, async () => {
      await moveTimer(incident.id, 'escalate_at');
      const mail = await smtp.waitForMessage(boss.email);
      expect(mail.subject).toBe(
        `Escalation: Freezer - CO2 3100 (above 1000) on Escalate gateway (${gateway.mac})`,
      );
      expect(mail.text).toContain('Not acknowledged yet');
      await sleep(600);
      expect(mailsTo(boss.email)).toHaveLength(1);
      expect(mailsTo(watcher.email)).toHaveLength(1);
      const notified = await portal.database.db
        .selectFrom('alert_notifications')
        .select(['event', 'recipient'])
        .where('incident_id', '=', incident.id)
        .where('event', '=', 'escalation')
        .execute();
      expect(notified).toEqual([{ event: 'escalation', recipient: boss.email.toLowerCase() }]);
      expect((await incidentsOf(portal, rule.id))[0]!.escalated_at).not.toBeNull();
    });
  });

  it('a burst of unlocks: the first mailed at once, the rest in one digest per recipient, by lock name', async () => {
    const gateway = await customerWithGateway(portal, 'Burst');
    const [ann, ben] = [receiver(), receiver()];
    const rule = sensorRule(gateway.tenantId, {
      name: 'Unlock',
      kind: 'lock',
      type: 'UNLOCK',
      thresholdType: null,
      threshold: null,
      waitingSeconds: 0,
      receivers: [ann, ben],
    });
    rules.put(rule);
    const doors = [randomMac(), randomMac()];
    await gateway.send(deviceUp.locks(gateway.mac), {
      kind: 'update',
      TI: Date.now(),
      locks: [
        { MAC: doors[0], name: 'Front-Door', mode: 'residential' },
        { MAC: doors[1], name: 'Back-Door', mode: 'residential' },
      ],
    });
    for (let n = 0; n < 6; n++)
      await gateway.send(deviceUp.lockEvents(gateway.mac), {
        events: [{ id: `u${n}`, MAC: doors[n % 2], TI: Date.now(), kind: 'UNLOCKED', method: 'app' }],
      });
    const first = await smtp.waitForMessage(ann.email);
    expect(first.subject).toBe(`Alert: Unlock - lock Front-Door unlocked on Burst gateway (${gateway.mac})`);
    expect(first.text).toContain(`Lock: Front-Door (${doors[0]})`);
    expect((await smtp.waitForMessage(ben.email)).subject).toBe(first.subject);
    await waitFor(async () => ((await incidentsOf(portal, rule.id)).length === 6 ? true : null));
    await sleep(300);
    expect(mailsTo(ann.email)).toHaveLength(1);
    expect(mailsTo(ben.email)).toHaveLength(1);
    // The window's end (10 minutes) brought forward.
    await portal.database.db
      .updateTable('alert_digests')
      .set({ closes_at: new Date(Date.now() - 1000) })
      .where('rule_id', '=', rule.id)
      .execute();
    for (const who of [ann, ben]) {
      const digest = await smtp.waitForMessage(who.email);
      expect(digest.subject).toBe(
        `Digest: Unlock - 5 more events within 10 min on Burst gateway (${gateway.mac})`,
      );
      expect(digest.text.match(/lock (Front|Back)-Door unlocked/g)).toHaveLength(5);
      expect(digest.text).not.toContain(doors[1]!);
    }
    await sleep(500);
    expect(mailsTo(ann.email)).toHaveLength(2);
    expect(mailsTo(ben.email)).toHaveLength(2);
    const recorded = await portal.database.db
      .selectFrom('alert_notifications')
      .select(['event'])
      .where('recipient', '=', ann.email.toLowerCase())
      .execute();
    expect(recorded.filter((r) => r.event === 'fired')).toHaveLength(1);
    expect(recorded.filter((r) => r.event === 'digest')).toHaveLength(5);
  });

  it('posts each notification to the rule hooks in Slack, Teams and JSON shapes; a loopback hook outside the allowed networks is refused', async () => {
    const gateway = await customerWithGateway(portal, 'Hooks');
    const door = randomMac();
    await gateway.send(deviceUp.locks(gateway.mac), {
      kind: 'update',
      TI: Date.now(),
      locks: [{ MAC: door, name: 'Server-Room', mode: 'residential' }],
    });
    const rule = sensorRule(gateway.tenantId, {
      name: 'Battery',
      kind: 'lock',
      type: 'BATTERY_LOW',
      thresholdType: null,
      threshold: 20,
      waitingSeconds: 0,
      receivers: [receiver()],
      routing: routing({
        hooks: [
          { format: 'slack', url: allowed.url('/slack/T000/B000/secret') },
          { format: 'teams', url: allowed.url('/teams') },
          { format: 'webhook', url: allowed.url('/json') },
          { format: 'webhook', url: refused.url('/json') },
        ],
      }),
    });
    rules.put(rule);
    await gateway.locks([{ MAC: door, batteryLevel: 10 }]);
    const posts = await waitFor(async () => (allowed.posts.length >= 3 ? allowed.posts : null));
    const at = (path: string) => posts.find((p) => p.path.startsWith(path))!;
    expect(at('/slack').type).toBe('application/json');
    expect(at('/slack').body).toMatchObject({
      text: `Alert: Battery - lock Server-Room battery 10% (alert at 20% or less) on Hooks gateway (${gateway.mac})`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Alert: Battery' } },
        { type: 'section', text: { type: 'mrkdwn' } },
      ],
    });
    expect(JSON.stringify(at('/slack').body)).toContain(`*Lock:* Server-Room (${door})`);
    const teams = at('/teams').body as {
      type: string;
      attachments: {
        contentType: string;
        content: { type: string; body: { type: string; text?: string }[] };
      }[];
    };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teams.attachments[0]!.content).toMatchObject({
      type: 'AdaptiveCard',
      body: [{ type: 'TextBlock', text: 'Alert: Battery' }, { type: 'FactSet' }],
    });
    expect(at('/json').body).toMatchObject({
      event: 'fired',
      incident: {
        ruleName: 'Battery',
        subject: door,
        subjectName: 'Server-Room',
        state: 'firing',
        value: 10,
      },
    });
    const incident = await firing(rule.id);
    const cookie = await signIn(portal, gateway.email, gateway.password);
    const listed = await waitFor(async () => {
      const list = (
        await injectAs(portal, cookie, 'GET', `/api/alert-incidents/${incident.id}/notifications`)
      ).json().notifications as {
        channel: string;
        recipient: string;
        status: string;
        lastError: string | null;
      }[];
      const hooks = list.filter((n) => n.channel !== 'email');
      return hooks.length === 4 && hooks.every((n) => n.status !== 'pending') ? hooks : null;
    });
    expect(listed.map((n) => `${n.channel} ${n.status}`).sort()).toEqual([
      'slack sent',
      'teams sent',
      'webhook failed',
      'webhook sent',
    ]);
    expect(listed.find((n) => n.status === 'failed')!.lastError).toMatch(
      /Refused target address: 127\.0\.0\.2/,
    );
    // The Slack address's secret path is not shown.
    expect(listed.find((n) => n.channel === 'slack')!.recipient).not.toContain('secret');
    expect(refused.posts).toEqual([]);
  });

  it("tells the customer's outbound webhooks (notable events) that an incident opened, was acknowledged and resolved", async () => {
    const gateway = await customerWithGateway(portal, 'Notable');
    const admin = await colleague(portal, gateway.tenantId, 'Hooker', '', undefined, [
      ...WRITER,
      'WEBHOOK_WRITE',
    ]);
    const cookie = await signIn(portal, admin.email, 'UserPass1');
    const made = await injectAs(portal, cookie, 'POST', '/api/webhooks', {
      payload: {
        name: 'Incidents',
        url: allowed.url('/notable'),
        eventTypes: ['incident.opened', 'incident.acknowledged', 'incident.resolved'],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const rule = sensorRule(gateway.tenantId, { name: 'Notable CO2', waitingSeconds: 0, receivers: [] });
    rules.put(rule);
    await gateway.sample({ CO2: 2222 });
    const incident = await firing(rule.id);
    expect((await acknowledge(cookie, incident.id)).statusCode).toBe(200);
    await gateway.sample({ CO2: 400 });
    const told = await waitFor(async () => {
      const mine = allowed.posts
        .filter((p) => p.path === '/notable')
        .map((p) => p.body as { type: string; customerId: string; data: Record<string, unknown> })
        .filter((b) => b.data.incidentId === incident.id);
      return mine.length === 3 ? mine : null;
    });
    expect(told.map((b) => b.type).sort()).toEqual([
      'incident.acknowledged',
      'incident.opened',
      'incident.resolved',
    ]);
    for (const body of told)
      expect(body).toMatchObject({
        customerId: gateway.tenantId,
        data: { ruleId: rule.id, ruleName: 'Notable CO2', alertType: 'HIGH_CO2', gatewayMac: gateway.mac },
      });
    expect(told.find((b) => b.type === 'incident.acknowledged')!.data).toMatchObject({
      acknowledgedBy: 'Hooker Colleague',
    });
  });
});

function randomUuid(): string {
  return crypto.randomUUID();
}
