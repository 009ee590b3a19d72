import {
  type AlertsLiveMessage,
  alertMessages,
  deviceDown,
  duplicateAlertMessage,
  live,
  noMobileMessage,
  SENSOR_ALERT_TYPE_INFO,
  SENSOR_ALERT_TYPES,
  type SensorAlertSaved,
  type SensorAlertsList,
  thresholdHint,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, sharedPortal, type TestPortal, waitFor, watchLive } from '../../../test/harness.ts';
import { type Customer, call, colleague, customer, listeningGateway, READER } from './test-helpers.ts';

/*
 * Issue 17 point 3: sensor and system alert definitions, every rule at both bounds, the walls, the live channel,
 * and the QoS 2 command with its code to the tenant's gateways.
 */
describe(`sensor alerts (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;
  let gateway: Awaited<ReturnType<typeof listeningGateway>>;

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await customer(portal, 'Alpha', undefined, '+1 5551234567');
    beta = await customer(portal, 'Beta');
    gateway = await listeningGateway(portal, alpha.tenant.id);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const body = (c: Customer, extra: Record<string, unknown> = {}) => ({
    alertType: 'HIGH_CO2',
    alertName: 'Office air',
    waitingTime: 10,
    thresholdType: 'greater_than',
    threshold: 2000,
    receivers: [{ userId: c.userId }],
    emailAlert: true,
    smsAlert: false,
    scopeId: c.tenant.id,
    ...extra,
  });
  const create = (c: Customer, extra: Record<string, unknown> = {}, cookie = c.cookie) =>
    call(portal, cookie, 'POST', '/api/sensor-alerts', body(c, extra));
  const update = (c: Customer, id: string, extra: Record<string, unknown> = {}, cookie = c.cookie) =>
    call(portal, cookie, 'PUT', `/api/sensor-alerts/${id}`, body(c, extra));
  const list = async (c: Customer) =>
    (
      await call(portal, c.cookie, 'GET', '/api/sensor-alerts/all', undefined, { scopeId: c.tenant.id })
    ).json<SensorAlertsList>();
  const count = async (c: Customer) => (await list(c)).alerts.length;
  const expectRefused = (response: { statusCode: number; json: () => unknown }, message: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  };

  it('creates an alert, publishes its code at QoS 2 (not retained) and announces it live', async () => {
    const watch = await watchLive<AlertsLiveMessage>(portal, alpha.cookie, live.alerts(alpha.tenant.id));
    const from = gateway.received.length;
    const response = await create(alpha);
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json<SensorAlertSaved>();
    expect(saved).toMatchObject({ message: alertMessages.created, publishMessage: alertMessages.published });
    expect(saved.alert).toMatchObject({
      alertTypeName: 'High CO2',
      alertName: 'Office air',
      waitingTimeTextValue: '10 Sec',
      receiversLength: '1 User(s)',
      emailAlert: true,
      smsAlert: false,
    });
    const [sent] = await gateway.commands(1, from);
    expect(sent).toEqual({
      topic: deviceDown.command(alpha.tenant.id, gateway.mac),
      body: { command: 'ALERT-CONFIG', sensorGroup: 'CO2', code: 'CO2_H_2000_C' },
      qos: 2,
      retain: false,
    });
    await waitFor(async () =>
      watch.messages.some((m) => m.type === 'alertRules' && m.id === saved.alert?.id),
    );
    await watch.client.endAsync(true);

    // The threshold alone: _U; the threshold type: delete the old, create the new; delete: _D.
    const id = saved.alert!.id;
    let mark = gateway.received.length;
    expect((await update(alpha, id, { threshold: 2500 })).json()).toMatchObject({
      message: alertMessages.updated,
      publishMessage: alertMessages.published,
    });
    expect((await gateway.commands(1, mark)).map((m) => (m.body as { code: string }).code)).toEqual([
      'CO2_H_2500_U',
    ]);
    mark = gateway.received.length;
    await update(alpha, id, { threshold: 400, thresholdType: 'less_than' });
    expect((await gateway.commands(2, mark)).map((m) => (m.body as { code: string }).code)).toEqual([
      'CO2_H_2500_D',
      'CO2_L_400_C',
    ]);
    mark = gateway.received.length;
    const name = await update(alpha, id, {
      threshold: 400,
      thresholdType: 'less_than',
      alertName: 'Renamed',
    });
    expect(name.json()).toMatchObject({ publishMessage: null, alert: { alertName: 'Renamed' } });
    const removed = await call(portal, alpha.cookie, 'DELETE', `/api/sensor-alerts/${id}`);
    expect(removed.json()).toMatchObject({
      message: alertMessages.deleted,
      publishMessage: alertMessages.published,
    });
    expect((await gateway.commands(1, mark)).map((m) => (m.body as { code: string }).code)).toEqual([
      'CO2_L_400_D',
    ]);
  });

  it('takes every threshold at both bounds of its type and refuses one past either', async () => {
    for (const type of SENSOR_ALERT_TYPES) {
      const { min, max } = SENSOR_ALERT_TYPE_INFO[type];
      if (min === null || max === null) continue;
      const hint = thresholdHint(min, max);
      expectRefused(await create(alpha, { alertType: type, threshold: min - 1 }), hint);
      expectRefused(await create(alpha, { alertType: type, threshold: max + 1 }), hint);
      const low = await create(alpha, { alertType: type, threshold: min });
      expect(low.statusCode, `${type} at ${min}`).toBe(201);
      const id = low.json<SensorAlertSaved>().alert!.id;
      expect(
        (await update(alpha, id, { alertType: type, threshold: max })).statusCode,
        `${type} at ${max}`,
      ).toBe(200);
      expectRefused(await update(alpha, id, { alertType: type, threshold: max + 1 }), hint);
      expect((await list(alpha)).alerts.find((a) => a.id === id)?.threshold).toBe(max);
      await call(portal, alpha.cookie, 'DELETE', `/api/sensor-alerts/${id}`);
    }
  });

  it('refuses a bad name, waiting time, threshold or receiver in the spec words, storing nothing', async () => {
    const before = await count(alpha);
    expectRefused(await create(alpha, { alertName: '    ' }), alertMessages.nameRequired);
    expectRefused(await create(alpha, { alertName: 'x'.repeat(41) }), alertMessages.nameTooLong);
    expectRefused(await create(alpha, { waitingTime: -1 }), alertMessages.waitingTimeInvalid);
    expectRefused(await create(alpha, { waitingTime: 2_678_401 }), alertMessages.waitingTimeInvalid);
    expectRefused(await create(alpha, { threshold: null }), alertMessages.thresholdRequired);
    expectRefused(await create(alpha, { thresholdType: null }), alertMessages.thresholdTypeRequired);
    expectRefused(
      await create(alpha, { alertType: 'CAMERA_MODULE_ALERT', threshold: 5 }),
      alertMessages.noThreshold,
    );
    expectRefused(await create(alpha, { receivers: [] }), alertMessages.usersRequired);
    expectRefused(await create(alpha, { emailAlert: false, smsAlert: false }), alertMessages.channelRequired);
    expectRefused(
      await create(alpha, { receivers: [{ userId: beta.userId }] }),
      alertMessages.receiverUnknown,
    );
    const bare = await colleague(portal, alpha.tenant.id, 'Nophone');
    const other = await colleague(portal, alpha.tenant.id, 'Alsonone');
    expectRefused(
      await create(alpha, { smsAlert: true, receivers: [{ userId: bare.id }] }),
      noMobileMessage(['Nophone Colleague']),
    );
    expectRefused(
      await create(alpha, { smsAlert: true, receivers: [{ userId: bare.id }, { userId: other.id }] }),
      noMobileMessage(['Nophone Colleague', 'Alsonone Colleague']),
    );
    expect(await count(alpha)).toBe(before);
  });

  it('keeps both bounds of the name and waiting time, trims leading spaces, one alert per type', async () => {
    const edge = await create(alpha, {
      alertType: 'HIGH_TEMP',
      alertName: `  ${'n'.repeat(40)}`,
      waitingTime: 2_678_400,
      threshold: -20,
      smsAlert: true,
    });
    expect(edge.statusCode, edge.body).toBe(201);
    const alert = edge.json<SensorAlertSaved>().alert!;
    expect(alert).toMatchObject({
      alertName: 'n'.repeat(40),
      waitingTime: 2_678_400,
      waitingTimeTextValue: 'Custom',
    });
    expect(alert).toMatchObject({ smsAlert: true, receivers: [{ phoneNumber: '+1 5551234567' }] });
    const zero = await update(alpha, alert.id, {
      alertType: 'HIGH_TEMP',
      alertName: 'x',
      waitingTime: 0,
      smsAlert: true,
      threshold: 85,
    });
    expect(zero.json()).toMatchObject({ alert: { waitingTime: 0, alertName: 'x' } });
    expectRefused(
      await create(alpha, { alertType: 'HIGH_TEMP', threshold: 20 }),
      duplicateAlertMessage('Temperature'),
    );
    const camera = await create(alpha, {
      alertType: 'CAMERA_MODULE_ALERT',
      thresholdType: null,
      threshold: null,
    });
    expect(camera.json()).toMatchObject({
      publishMessage: null,
      alert: { alertTypeName: 'Camera Removal Alert' },
    });
    // A second one of a type, created at once: exactly one is stored.
    const both = await Promise.all([
      create(alpha, { alertType: 'HIGH_NH3', threshold: 9 }),
      create(alpha, { alertType: 'HIGH_NH3', threshold: 9 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    // The engine's view: the rule with its receivers and their channels.
    const rules = await portal.services.alertRules.rulesForTenants([alpha.tenant.id]);
    expect(rules.find((r) => r.id === alert.id)).toMatchObject({
      kind: 'sensor',
      type: 'HIGH_TEMP',
      thresholdType: 'HIGH',
      threshold: 85,
      waitingSeconds: 0,
      smsAlert: true,
      receivers: [{ userId: alpha.userId, phone: '+1 5551234567', email_on: true, sms_on: true }],
    });
  });

  it('keeps other tenants and readers out (HTTP and live), changing nothing', async () => {
    const mine = (await create(alpha, { alertType: 'HIGH_CO', threshold: 50 })).json<SensorAlertSaved>()
      .alert!;
    const path = `/api/sensor-alerts/${mine.id}`;
    const scope = { scopeId: alpha.tenant.id };
    expect(
      (await call(portal, beta.cookie, 'GET', '/api/sensor-alerts/all', undefined, scope)).statusCode,
    ).toBe(404);
    expect((await create(alpha, {}, beta.cookie)).statusCode).toBe(404);
    expect((await update(alpha, mine.id, { threshold: 60 }, beta.cookie)).statusCode).toBe(404);
    expect((await call(portal, beta.cookie, 'DELETE', path)).statusCode).toBe(404);
    const subscribe = { channel: 'email', subscribe: true };
    expect((await call(portal, beta.cookie, 'PUT', `${path}/subscription`, subscribe)).statusCode).toBe(404);
    await expect(watchLive(portal, beta.cookie, live.alerts(alpha.tenant.id))).rejects.toThrow();
    const reader = await customer(portal, 'Reader', READER);
    const readerScope = { ...alpha, tenant: reader.tenant, cookie: reader.cookie, userId: reader.userId };
    expect((await create(readerScope)).statusCode).toBe(403);
    expect((await list(readerScope)).canWrite).toBe(false);
    expect((await list(alpha)).alerts.find((a) => a.id === mine.id)?.threshold).toBe(50);
  });
});
