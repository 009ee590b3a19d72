import {
  alertMessages,
  duplicateAlertMessage,
  type LockAlert,
  type LockAlertsList,
  type SensorAlertSaved,
  type SensorAlertsList,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, signIn, startPortal, type TestPortal } from '../../../test/harness.ts';
import { type Customer, call, colleague, customer, DEFAULT_USER, listeningGateway } from './test-helpers.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const SUPPORT_EMAIL = 'helpdesk@support.test';

/*
 * Issue 17 points 1-2: lock alerts at the spec's paths and codes, every bound, one Unlock and one RFID alert per
 * tenant (also when two requests race), the walls; and the support tenant's simplified alerts with subscriptions.
 */
describe(`lock alerts and the support tenant (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;

  beforeAll(async () => {
    portal = await startPortal({ SUPPORT_EMAILS: ` ${SUPPORT_EMAIL.toUpperCase()} ,other@support.test` });
    alpha = await customer(portal, 'Alpha');
    beta = await customer(portal, 'Beta');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const create = (payload: Record<string, unknown>, c = alpha) =>
    call(portal, c.cookie, 'POST', '/api/alert/createAlert', { scopeId: alpha.tenant.id, ...payload });
  const battery = (extra: Record<string, unknown> = {}) =>
    create({
      alertType: 'BATTERY_LOW',
      receivers: [alpha.userId],
      batteryLevel: 20,
      intervalTime: String(HOUR),
      ...extra,
    });
  const list = async (c = alpha) =>
    (
      await call(portal, c.cookie, 'GET', '/api/alerts/all', undefined, { scopeId: alpha.tenant.id })
    ).json<LockAlertsList>();
  const refused = (response: { statusCode: number; json: () => unknown }, message: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json()).toMatchObject({ message });
  };

  it('creates battery alerts at every bound and interval, refusing one past them', async () => {
    for (const extra of [
      { batteryLevel: 0 },
      { batteryLevel: 100 },
      ...[HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR, DAY, 60 * DAY].map((ms) => ({ intervalTime: String(ms) })),
    ]) {
      const response = await battery(extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(201);
      expect(response.json()).toMatchObject({ message: alertMessages.created });
    }
    const before = (await list()).alerts.length;
    refused(await battery({ batteryLevel: -1 }), alertMessages.batteryLevelInvalid);
    refused(await battery({ batteryLevel: 101 }), alertMessages.batteryLevelInvalid);
    refused(await battery({ intervalTime: String(61 * DAY) }), alertMessages.intervalInvalid);
    refused(await battery({ intervalTime: String(2 * HOUR) }), alertMessages.intervalInvalid);
    refused(await battery({ receivers: [] }), alertMessages.receiversRequired);
    refused(await battery({ receivers: [beta.userId] }), alertMessages.receiverUnknown);
    expect((await list()).alerts.length).toBe(before);
    const [first] = (await list()).alerts;
    expect(first).toMatchObject({ alertType: 'BATTERY_LOW', receivers: [alpha.userId], threshold: 0 });
    const rules = await portal.services.alertRules.rulesForTenants([alpha.tenant.id]);
    expect(rules.find((rule) => rule.id === first!.alertId)).toMatchObject({
      kind: 'lock',
      type: 'BATTERY_LOW',
      thresholdType: 'LOW',
      threshold: 0,
      repeatIntervalDays: 1 / 24,
      waitingSeconds: 0,
      receivers: [{ email: alpha.email, email_on: true }],
    });
  });

  it('keeps one Unlock and one RFID alert per tenant, also when two requests race', async () => {
    const unlock = { alertType: 'UNLOCK', receivers: [alpha.email.toUpperCase()] };
    const raced = await Promise.all([create(unlock), create(unlock)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    refused(await create(unlock), 'Cannot create duplicate Unlock alert. Please edit the existing one.');
    const rfid = {
      alertType: 'RFID',
      receivers: [alpha.email],
      rfidScheduleTime: String(60 * DAY),
      rfidThreshold: '2',
    };
    refused(await create({ ...rfid, rfidScheduleTime: String(61 * DAY) }), alertMessages.intervalInvalid);
    refused(await create({ ...rfid, rfidThreshold: '3' }), 'The threshold is fixed at 2.');
    const made = await create(rfid);
    expect(made.statusCode, made.body).toBe(201);
    const alert = made.json<{ alert: LockAlert }>().alert;
    expect(alert).toMatchObject({
      rfidAlertId: alert.alertId,
      rfidThreshold: '2',
      rfidScheduleTime: String(60 * DAY),
    });
    expect(alert.nextRfidScheduleTime).toBeGreaterThan(Date.now() + 59 * DAY);
    refused(
      await create({ ...rfid, rfidScheduleTime: String(HOUR) }),
      duplicateAlertMessage('Multiple Shared Lockers Access'),
    );
    // Its own update call: custom days 1 to 30.
    const rfidUpdate = (days: number, c = alpha) =>
      call(portal, c.cookie, 'PUT', '/api/rfid-alert/update', {
        scopeId: alpha.tenant.id,
        receivers: [alpha.email],
        rfidScheduleTime: String(days * DAY),
      });
    refused(await rfidUpdate(31), alertMessages.rfidIntervalInvalid);
    refused(await rfidUpdate(0), alertMessages.rfidIntervalInvalid);
    expect((await rfidUpdate(30)).json()).toMatchObject({ message: alertMessages.lockUpdated });
    expect((await rfidUpdate(1)).json()).toMatchObject({ alert: { rfidScheduleTime: String(DAY) } });
    expect((await rfidUpdate(1, beta)).statusCode).toBe(404);
    const rules = await portal.services.alertRules.rulesForTenants([alpha.tenant.id]);
    expect(rules.find((rule) => rule.type === 'RFID')).toMatchObject({ scheduleDays: 1, threshold: 2 });
    const gone = await call(portal, alpha.cookie, 'DELETE', '/api/rfid-delete-alert/delete', undefined, {
      scopeId: alpha.tenant.id,
    });
    expect(gone.json()).toMatchObject({ message: alertMessages.deleted });
    expect((await create(rfid)).statusCode).toBe(201);
  });

  it('updates and deletes by alertId; other tenants get 404 and change nothing', async () => {
    const made = (await battery({ batteryLevel: 30 })).json<{ alert: LockAlert }>().alert;
    const query = { alertId: made.alertId };
    const edit = {
      scopeId: alpha.tenant.id,
      alertType: 'BATTERY_LOW',
      receivers: [alpha.userId],
      batteryLevel: 45,
      intervalTime: String(7 * DAY),
    };
    expect((await call(portal, beta.cookie, 'PUT', '/api/alert/update', edit, query)).statusCode).toBe(404);
    expect(
      (await call(portal, beta.cookie, 'DELETE', '/api/alert/delete', undefined, query)).statusCode,
    ).toBe(404);
    expect(
      (await call(portal, beta.cookie, 'GET', '/api/alerts/all', undefined, { scopeId: alpha.tenant.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await create({ alertType: 'UNLOCK', receivers: [beta.email], scopeId: alpha.tenant.id }, beta))
        .statusCode,
    ).toBe(404);
    const alphaScope = { scopeId: alpha.tenant.id };
    for (const url of ['/api/rfid-delete-alert/delete', '/api/alert-receivers']) {
      const method = url.includes('delete') ? 'DELETE' : 'GET';
      expect((await call(portal, beta.cookie, method, url, undefined, alphaScope)).statusCode, url).toBe(404);
    }
    expect((await list()).alerts.some((a) => a.alertType === 'RFID')).toBe(true);
    const updated = await call(portal, alpha.cookie, 'PUT', '/api/alert/update', edit, query);
    expect(updated.json()).toMatchObject({
      message: alertMessages.lockUpdated,
      alert: { batteryLevel: 45, intervalTime: String(7 * DAY) },
    });
    // Turned into a second RFID alert: the tenant's one is there already.
    refused(
      await call(
        portal,
        alpha.cookie,
        'PUT',
        '/api/alert/update',
        { ...edit, alertType: 'RFID', receivers: [alpha.email], rfidScheduleTime: String(HOUR) },
        query,
      ),
      duplicateAlertMessage('Multiple Shared Lockers Access'),
    );
    const removed = await call(portal, alpha.cookie, 'DELETE', '/api/alert/delete', undefined, query);
    expect(removed.json()).toMatchObject({ message: alertMessages.deleted });
    expect((await list()).alerts.some((a) => a.alertId === made.alertId)).toBe(false);
  });

  it('gives the support tenant its simplified alerts: listed e-mails write, duplicates allowed, subscriptions', async () => {
    const support = await portal.database.db
      .selectFrom('tenants')
      .selectAll()
      .where('kind', '=', 'support')
      .executeTakeFirstOrThrow();
    const helper = await colleague(portal, support.id, 'Helper', '', SUPPORT_EMAIL, DEFAULT_USER);
    const cookie = await signIn(portal, helper.email, 'UserPass1');
    const stranger = await colleague(portal, support.id, 'Stranger', '', undefined, DEFAULT_USER);
    const strangerCookie = await signIn(portal, stranger.email, 'UserPass1');
    const gateway = await listeningGateway(portal, support.id);
    const body = {
      alertType: 'HIGH_CPU',
      alertName: 'CPU',
      waitingTime: 15,
      thresholdType: 'greater_than',
      threshold: 90,
      scopeId: support.id,
    };
    expect((await call(portal, strangerCookie, 'POST', '/api/sensor-alerts', body)).statusCode).toBe(403);
    const first = await call(portal, cookie, 'POST', '/api/sensor-alerts', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      publishMessage: null,
      alert: { receivers: [], emailAlert: false, smsAlert: false },
    });
    expect((await call(portal, cookie, 'POST', '/api/sensor-alerts', body)).statusCode).toBe(201);
    const listed = (
      await call(portal, cookie, 'GET', '/api/sensor-alerts/all', undefined, { scopeId: support.id })
    ).json<SensorAlertsList>();
    expect(listed).toMatchObject({ supportTenant: true, canWrite: true });
    const id = first.json<SensorAlertSaved>().alert!.id;
    const subscription = (payload: Record<string, unknown>) =>
      call(portal, cookie, 'PUT', `/api/sensor-alerts/${id}/subscription`, payload);
    refused(await subscription({ channel: 'sms', subscribe: true }), alertMessages.mobileRequired);
    refused(
      await subscription({ channel: 'sms', subscribe: true, phoneNumber: '+1 123456' }),
      alertMessages.mobileRequired,
    );
    refused(
      await subscription({ channel: 'sms', subscribe: true, phoneNumber: '+1 1234567890123456' }),
      alertMessages.mobileRequired,
    );
    const sms = await subscription({
      channel: 'sms',
      subscribe: true,
      phoneNumber: '+1 1234567',
      countryShortCode: 'US',
    });
    expect(sms.json()).toMatchObject({
      message: 'Successfully Subscribed to SMS Alert',
      alert: { smsAlert: true, emailAlert: false, receiversLength: '1 User(s)' },
    });
    const email = await subscription({ channel: 'email', subscribe: true });
    expect(email.json()).toMatchObject({
      message: 'Successfully Subscribed to Email Alert',
      alert: {
        smsAlert: true,
        emailAlert: true,
        receivers: [{ email: helper.email, phoneNumber: '+1 1234567' }],
      },
    });
    expect((await subscription({ channel: 'sms', subscribe: false })).json()).toMatchObject({
      alert: { smsAlert: false, emailAlert: true },
    });
    // A second SMS subscription reuses the number kept for the alert; the longest number is taken too.
    expect(
      (await subscription({ channel: 'sms', subscribe: true, phoneNumber: '+1 123456789012345' })).json(),
    ).toMatchObject({ alert: { smsAlert: true } });
    expect((await subscription({ channel: 'email', subscribe: false })).json()).toMatchObject({
      alert: { emailAlert: false, smsAlert: true },
    });
    expect((await subscription({ channel: 'sms', subscribe: false })).json()).toMatchObject({
      alert: { receivers: [], smsAlert: false },
    });
    // Nothing is published for the support tenant.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gateway.received).toEqual([]);
    await gateway.close();
  });
});
