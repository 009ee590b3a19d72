import { type AlertNotification, deviceUp } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, signIn, type TestPortal, waitFor } from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { colleague, customer, DEFAULT_USER } from '../alerts/test-helpers.ts';
import {
  type ArrayRules,
  customerWithGateway,
  incidentsOf,
  randomMac,
  receiver,
  sensorRule,
  startAlertPortal,
} from './test-helpers.ts';

/**
 * What an incident's notifications show of a firing gathered into a digest (docs/alert-engine.md, Digest,
 * 'In the digest'): a pending 'digest' entry per channel and recipient with the window's end, until the
 * digest is sent and its own row takes the place.
 */
describe(`an incident waiting in a digest (${backend} backend)`, () => {
  let portal: TestPortal;
  let rules: ArrayRules;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    ({ portal, rules } = await startAlertPortal({ SMTP_URL: smtp.url }));
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it("shows the second gateway's firing as in the digest due at the window's end, then as the sent digest", async () => {
    const first = await customerWithGateway(portal, 'Digestview');
    // A second gateway of the same customer, crossing the same rule.
    const secondMac = randomMac();
    await portal.services.gateways.provision(first.tenantId, secondMac, 'Second gateway');
    const second = { mac: secondMac, tenantId: first.tenantId };
    const sendSecond = (topic: string, body: unknown) =>
      portal.inbox.handle(second, topic, Buffer.from(JSON.stringify(body)));
    await sendSecond(deviceUp.status(secondMac), { CS: 1, TI: Date.now() });

    const watcher = receiver();
    const rule = sensorRule(first.tenantId, { name: 'CO2 office', waitingSeconds: 0, receivers: [watcher] });
    rules.put(rule);
    const cookie = await signIn(portal, first.email, first.password);
    const notificationsOf = async (id: string) => {
      const response = await injectAs(portal, cookie, 'GET', `/api/alert-incidents/${id}/notifications`);
      expect(response.statusCode).toBe(200);
      return (response.json() as { notifications: AlertNotification[] }).notifications;
    };

    await first.sample({ CO2: 2400 });
    expect((await smtp.waitForMessage(watcher.email)).subject).toMatch(/^Alert: CO2 office/);
    const before = Date.now();
    await sendSecond(deviceUp.telemetry(secondMac), { samples: [{ TI: Date.now(), CO2: 2500 }] });
    const incidents = await waitFor(async () => {
      const rows = await incidentsOf(portal, rule.id);
      return rows.length === 2 && rows.every((row) => row.state === 'firing') ? rows : null;
    });
    const firstIncident = incidents.find((row) => row.gateway_mac === first.mac)!;
    const secondIncident = incidents.find((row) => row.gateway_mac === secondMac)!;
    const window = await portal.database.db
      .selectFrom('alert_digests')
      .select(['closes_at'])
      .where('rule_id', '=', rule.id)
      .executeTakeFirstOrThrow();

    const waiting = await waitFor(async () => {
      const list = await notificationsOf(secondIncident.id);
      return list.length > 0 ? list : null;
    });
    expect(waiting).toEqual([
      {
        event: 'digest',
        channel: 'email',
        recipient: watcher.email.toLowerCase(),
        status: 'pending',
        attempts: 0,
        lastError: null,
        createdAt: expect.any(Number),
        sentAt: null,
        dueAt: window.closes_at.getTime(),
      },
    ]);
    expect(waiting[0]!.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(waiting[0]!.createdAt).toBeLessThanOrEqual(Date.now());
    // The window opened with the first firing: due 10 minutes after it.
    expect(waiting[0]!.dueAt! - waiting[0]!.createdAt).toBeGreaterThan(9 * 60_000);
    expect(waiting[0]!.dueAt! - waiting[0]!.createdAt).toBeLessThanOrEqual(10 * 60_000);
    // The first incident's mail went at once: its own 'fired' row, no digest entry.
    const told = await notificationsOf(firstIncident.id);
    expect(told.map((n) => [n.event, n.channel, n.recipient, n.dueAt])).toEqual([
      ['fired', 'email', watcher.email.toLowerCase(), undefined],
    ]);

    // The window's end brought forward: the digest goes out and its row replaces the waiting entry.
    await portal.database.db
      .updateTable('alert_digests')
      .set({ closes_at: new Date(Date.now() - 1000) })
      .where('rule_id', '=', rule.id)
      .execute();
    expect((await smtp.waitForMessage(watcher.email)).subject).toBe(
      `Digest: CO2 office - 1 more event within 10 min on Second gateway (${secondMac})`,
    );
    const sent = await waitFor(async () => {
      const list = await notificationsOf(secondIncident.id);
      return list.length === 1 && list[0]!.status === 'sent' ? list : null;
    });
    expect(sent).toEqual([
      {
        event: 'digest',
        channel: 'email',
        recipient: watcher.email.toLowerCase(),
        status: 'sent',
        attempts: expect.any(Number),
        lastError: null,
        createdAt: expect.any(Number),
        sentAt: expect.any(Number),
      },
    ]);
    expect(sent[0]).not.toHaveProperty('dueAt');

    // Another customer's user gets a 404, a colleague without ALERTS_READ a 403.
    const stranger = await customer(portal, 'Digeststranger');
    const other = await injectAs(
      portal,
      stranger.cookie,
      'GET',
      `/api/alert-incidents/${secondIncident.id}/notifications`,
    );
    expect(other.statusCode).toBe(404);
    const plain = await colleague(portal, first.tenantId, 'Plain', '', undefined, DEFAULT_USER);
    const refused = await injectAs(
      portal,
      await signIn(portal, plain.email, 'UserPass1'),
      'GET',
      `/api/alert-incidents/${secondIncident.id}/notifications`,
    );
    expect(refused.statusCode).toBe(403);
  });
});
