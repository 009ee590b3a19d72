import { deviceUp, incidentAcknowledgeMessages } from '@portal/contract';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endBrokerSessions,
  injectAs,
  REAL_MQTT,
  randomMac,
  randomTag,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { buildApp } from '../../app.ts';
import { type Customer, call, colleague, customer, WRITER } from '../alerts/test-helpers.ts';

// Escalation and acknowledgement are decided by the database (one claiming statement, one acknowledging
// statement), so two portal instances on one PostgreSQL escalate an incident once and let one of two
// acknowledgements win. Two instances on one database: the real backend only.

describe('the alert lifecycle across two portal instances on one PostgreSQL', () => {
  let portal: TestPortal;
  let smtp: TestSmtp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  const clientId = `portal-test-second-${randomTag(6)}`;
  let alpha: Customer;

  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal({ SMTP_URL: smtp.url, ALERT_TICK_MS: '50' });
    second = await buildApp({ ...portal.config, MQTT_CLIENT_ID: clientId }, pino({ level: 'silent' }));
    await second.app.ready();
    alpha = await customer(portal, 'Twins', WRITER);
  }, 180_000);
  afterAll(async () => {
    await second?.app.close();
    await endBrokerSessions(REAL_MQTT, clientId, portal.config.MQTT_CONSUMERS);
    await portal?.close();
    await smtp?.close();
  });

  it('escalates once, by e-mail to the escalation receiver; two acknowledgements at once, one on each instance: one wins', async () => {
    const boss = await colleague(portal, alpha.tenant.id, 'Boss');
    const made = await call(portal, alpha.cookie, 'POST', '/api/sensor-alerts', {
      alertType: 'HIGH_CO2',
      alertName: 'Twin CO2',
      waitingTime: 0,
      thresholdType: 'greater_than',
      threshold: 2000,
      receivers: [{ userId: alpha.userId }],
      emailAlert: true,
      smsAlert: false,
      scopeId: alpha.tenant.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const ruleId = made.json().alert.id as string;
    const routed = await call(portal, alpha.cookie, 'PUT', `/api/alert-rules/${ruleId}/routing`, {
      reminderMinutes: null,
      escalationMinutes: 1,
      escalationReceivers: [boss.id],
      hooks: [],
    });
    expect(routed.statusCode, routed.body).toBe(200);

    const mac = randomMac();
    await portal.services.gateways.provision(alpha.tenant.id, mac, 'Twin gateway');
    const device = { mac, tenantId: alpha.tenant.id };
    const send = (topic: string, body: unknown) =>
      portal.inbox.handle(device, topic, Buffer.from(JSON.stringify(body)));
    await send(deviceUp.status(mac), { CS: 1, TI: Date.now() });
    await send(deviceUp.telemetry(mac), { samples: [{ TI: Date.now(), CO2: 3000 }] });
    expect((await smtp.waitForMessage(alpha.email)).subject).toMatch(/^Alert: Twin CO2/);
    const incident = await waitFor(async () => {
      const row = await portal.database.db
        .selectFrom('alert_incidents')
        .selectAll()
        .where('rule_id', '=', ruleId)
        .executeTakeFirst();
      return row?.state === 'firing' && row.escalate_at ? row : null;
    });
    expect(incident.escalate_at!.getTime() - incident.fired_at!.getTime()).toBe(60_000);

    // Its minute brought forward: both instances' ticks find it due.
    await sql`UPDATE alert_incidents SET escalate_at = now() - interval '1 second' WHERE id = ${incident.id}`.execute(
      portal.database.db,
    );
    const escalation = await smtp.waitForMessage(boss.email);
    expect(escalation.subject).toBe(`Escalation: Twin CO2 - CO2 3000 (above 2000) on Twin gateway (${mac})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.messages.filter((m) => m.to.includes(boss.email.toLowerCase()))).toHaveLength(1);
    const escalations = await portal.database.db
      .selectFrom('alert_notifications')
      .select('recipient')
      .where('incident_id', '=', incident.id)
      .where('event', '=', 'escalation')
      .execute();
    expect(escalations).toEqual([{ recipient: boss.email.toLowerCase() }]);

    const other = await colleague(portal, alpha.tenant.id, 'Other', '', undefined, WRITER);
    const otherCookie = await signIn(portal, other.email, 'UserPass1');
    const url = `/api/alert-incidents/${incident.id}/acknowledge`;
    const answers = await Promise.all([
      injectAs(portal, alpha.cookie, 'POST', url),
      injectAs(second, otherCookie, 'POST', url),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      message: incidentAcknowledgeMessages.already,
    });
    expect(answers.find((a) => a.statusCode === 200)!.json().incident.escalatedAt).toBeGreaterThan(0);
  });
});
