import { deviceUp } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, signIn, type TestPortal, waitFor } from '../../../test/harness.ts';
import { startSmpp, type TestSmpp } from '../../../test/smpp.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import type { AlertRule } from './alert-rules.port.ts';
import {
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

describe(`alert notifications and restarts (${backend} backend)`, () => {
  let portal: TestPortal;
  let rules: ArrayRules;
  let smtp: TestSmtp;
  let smpp: TestSmpp;

  beforeAll(async () => {
    smtp = await startSmtp();
    smpp = await startSmpp();
    ({ portal, rules } = await startAlertPortal({
      SMTP_URL: smtp.url,
      SMS_URL: smpp.url,
      SMS_RETRY_BASE_SECONDS: '0.2',
    }));
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
    await smpp?.close();
  });

  const notificationsOf = async (incidentId: string, cookie: string) =>
    (await injectAs(portal, cookie, 'GET', `/api/alert-incidents/${incidentId}/notifications`)).json()
      .notifications as {
      event: string;
      channel: string;
      recipient: string;
      status: string;
      attempts: number;
      lastError: string | null;
    }[];

  it('mails and texts the subscribed receivers when an alert fires and when it resolves', async () => {
    const gateway = await customerWithGateway(portal, 'Notify');
    const both = receiver({ phone: '+1 555 010 2030', sms_on: true });
    const mailOnly = receiver();
    const unsubscribed = receiver({ email_on: false, phone: '+15550109999', sms_on: false });
    const rule = sensorRule(gateway.tenantId, {
      name: 'Server room CO2',
      waitingSeconds: 0,
      smsAlert: true,
      receivers: [both, mailOnly, unsubscribed],
    });
    rules.put(rule);
    await gateway.sample({ CO2: 2400 });

    const mail = await smtp.waitForMessage(both.email);
    expect(mail.subject).toBe(
      `Alert: Server room CO2 - CO2 2400 (above 1000) on Notify gateway (${gateway.mac})`,
    );
    expect(mail.text).toContain('Condition: CO2 2400 (above 1000)');
    await smtp.waitForMessage(mailOnly.email);
    const sms = await smpp.waitForMessage('15550102030');
    expect(sms).toMatchObject({ systemId: 'portal', from: 'IoTPortal' });
    expect(sms.text).toBe(
      `Alert: Server room CO2 - CO2 2400 (above 1000) on Notify gateway (${gateway.mac})`,
    );

    await gateway.sample({ CO2: 600 });
    expect((await smtp.waitForMessage(both.email)).subject).toContain('Resolved: Server room CO2');
    expect((await smpp.waitForMessage('15550102030')).text).toContain('Resolved: Server room CO2');
    expect(smtp.messages.some((m) => m.to.includes(unsubscribed.email.toLowerCase()))).toBe(false);
    expect(smpp.messages.some((m) => m.to === '15550109999')).toBe(false);

    const [incident] = await incidentsOf(portal, rule.id);
    const cookie = await signIn(portal, gateway.email, gateway.password);
    const recorded = await waitFor(async () => {
      const list = await notificationsOf(incident!.id, cookie);
      return list.length === 6 && list.every((n) => n.status === 'sent') ? list : null;
    });
    expect(recorded.map((n) => `${n.event} ${n.channel}`).sort()).toEqual([
      'fired email',
      'fired email',
      'fired sms',
      'resolved email',
      'resolved email',
      'resolved sms',
    ]);
  });

  it('an SMPP server that is down: the SMS waits, is retried with back-off and arrives once it is back', async () => {
    const port = smpp.port;
    await smpp.close();
    const gateway = await customerWithGateway(portal, 'Retry');
    const texted = receiver({ phone: '+4915112345678', sms_on: true, email_on: false });
    const rule = sensorRule(gateway.tenantId, { waitingSeconds: 0, smsAlert: true, receivers: [texted] });
    rules.put(rule);
    await gateway.sample({ CO2: 3000 });
    const [incident] = await waitFor(async () => {
      const rows = await incidentsOf(portal, rule.id);
      return rows[0]?.state === 'firing' ? rows : null;
    });
    const cookie = await signIn(portal, gateway.email, gateway.password);
    const failing = await waitFor(async () => {
      const [n] = await notificationsOf(incident!.id, cookie);
      return n && n.attempts >= 2 && n.lastError ? n : null;
    });
    expect(failing).toMatchObject({ channel: 'sms', status: 'pending' });
    expect(failing.lastError).toMatch(/SMPP connection failed/);

    smpp = await startSmpp({ port });
    const sms = await smpp.waitForMessage('4915112345678');
    expect(sms.text).toContain(rule.name);
    const [sent] = await waitFor(async () => {
      const list = await notificationsOf(incident!.id, cookie);
      return list[0]?.status === 'sent' ? list : null;
    });
    expect(sent!.attempts).toBeGreaterThanOrEqual(3);
  });

  it('a battery alert repeats at its interval while the level stays low', async () => {
    const gateway = await customerWithGateway(portal, 'Battery');
    const watcher = receiver();
    const lock = randomMac();
    const rule = sensorRule(gateway.tenantId, {
      name: 'Low battery',
      kind: 'lock',
      type: 'BATTERY_LOW',
      thresholdType: null,
      threshold: 20,
      waitingSeconds: 0,
      repeatIntervalDays: 0.6 / 86_400, // 0.6 s
      receivers: [watcher],
    });
    rules.put(rule);
    await gateway.locks([{ MAC: lock, batteryLevel: 21 }]);
    await gateway.locks([{ MAC: lock, batteryLevel: 20 }]);
    expect((await smtp.waitForMessage(watcher.email)).subject).toContain(
      `Alert: Low battery - lock ${lock} battery 20%`,
    );
    expect((await smtp.waitForMessage(watcher.email)).subject).toContain('Still active: Low battery');
    await gateway.locks([{ MAC: lock, batteryLevel: 95 }]);
    expect((await smtp.waitForMessage(watcher.email)).subject).toContain('Resolved: Low battery');
    const items = (await gateway.alertItems()).map((item) => `${item.nme} ${item.val} ${item.val2}`);
    expect(items).toEqual([`Lock Battery Low 20% ${lock}`, `Lock Battery Normal 95% ${lock}`]);
  });

  it('an Unlock alert hears each unlock; one card opening more than 2 shared lockers fires once in its window', async () => {
    const gateway = await customerWithGateway(portal, 'Lockers');
    const watcher = receiver();
    const lockers = [randomMac(), randomMac(), randomMac()];
    const lockRule = (type: string, extra: Partial<AlertRule> = {}) =>
      sensorRule(gateway.tenantId, {
        name: type === 'UNLOCK' ? 'Unlock' : 'Multiple Shared Lockers Access',
        kind: 'lock',
        type,
        thresholdType: null,
        threshold: null,
        waitingSeconds: 0,
        receivers: [watcher],
        ...extra,
      });
    const unlock = lockRule('UNLOCK');
    const rfid = lockRule('RFID', { threshold: 2, scheduleDays: 1 / 24 });
    rules.put(unlock, rfid);
    await gateway.send(deviceUp.locks(gateway.mac), {
      kind: 'update',
      TI: Date.now(),
      locks: lockers.map((MAC) => ({ MAC, mode: 'shared' })),
    });
    const open = (MAC: string, n: number) =>
      gateway.send(deviceUp.lockEvents(gateway.mac), {
        events: [
          {
            id: `e${n}-${MAC}`,
            MAC,
            TI: Date.now(),
            kind: 'UNLOCKED',
            method: 'card',
            cardCSN: '0A1B2C3D4E',
          },
        ],
      });
    // Each unlock is its own notification here: the rule's digest window (docs/alert-engine.md) is closed
    // after each, as if 10 minutes had passed between them.
    const closeDigestWindows = () =>
      portal.database.db
        .updateTable('alert_digests')
        .set({ closes_at: new Date(Date.now() - 1000) })
        .where('tenant_id', '=', gateway.tenantId)
        .execute();
    await open(lockers[0]!, 1);
    expect((await smtp.waitForMessage(watcher.email)).subject).toContain(
      `Alert: Unlock - lock ${lockers[0]} unlocked`,
    );
    await closeDigestWindows();
    await open(lockers[1]!, 2);
    await smtp.waitForMessage(watcher.email);
    expect(await incidentsOf(portal, rfid.id)).toEqual([]); // two lockers: not more than 2
    await closeDigestWindows();
    await open(lockers[2]!, 3);
    await waitFor(async () =>
      smtp.messages.filter((m) => m.to.includes(watcher.email.toLowerCase())).length >= 4 ? true : null,
    );
    await closeDigestWindows();
    await open(lockers[0]!, 4);
    const subjects = await waitFor(async () => {
      const mine = smtp.messages
        .filter((m) => m.to.includes(watcher.email.toLowerCase()))
        .map((m) => m.subject);
      return mine.length >= 5 ? mine : null;
    });
    expect(subjects.filter((s) => s.startsWith('Alert: Multiple Shared Lockers Access'))).toEqual([
      `Alert: Multiple Shared Lockers Access - one card opened more than 2 shared lockers on Lockers gateway (${gateway.mac})`,
    ]);
    expect(subjects.filter((s) => s.startsWith('Alert: Unlock'))).toHaveLength(4);
    expect(await incidentsOf(portal, rfid.id)).toMatchObject([
      { state: 'firing', subject: 'card:0A1B2C3D4E', value: 3 },
    ]);
  });

  it('a portal restarted while an alert is pending, beside a second instance, fires it once at its time', async () => {
    const gateway = await customerWithGateway(portal, 'Restart');
    const watcher = receiver();
    const rule = sensorRule(gateway.tenantId, { waitingSeconds: 1.5, receivers: [watcher] });
    rules.put(rule);
    await gateway.sample({ CO2: 1800 });
    const [pending] = await incidentsOf(portal, rule.id);
    expect(pending).toMatchObject({ state: 'pending' });
    // The instance that saw the value goes down; two fresh instances start on the same database.
    await withEngineInstances(portal, rules, async () => {
      const [fired] = await waitFor(async () => {
        const rows = await incidentsOf(portal, rule.id);
        return rows[0]?.state === 'firing' ? rows : null;
      });
      expect(fired!.fired_at!.getTime()).toBeGreaterThanOrEqual(pending!.fire_at.getTime());
      await smtp.waitForMessage(watcher.email);
      await sleep(500);
      expect(smtp.messages.filter((m) => m.to.includes(watcher.email.toLowerCase()))).toHaveLength(1);
      expect((await gateway.alertItems()).filter((item) => item.sr === 'CO2')).toHaveLength(1);
      expect(
        await portal.database.db
          .selectFrom('alert_notifications')
          .selectAll()
          .where('incident_id', '=', fired!.id)
          .execute(),
      ).toHaveLength(1);
    });
  });
});
