import {
  alertMessages,
  duplicateAlertMessage,
  type LockAlert,
  type LockAlertsList,
  SENSOR_ALERT_TYPE_INFO,
  type SensorAlertSaved,
  type SensorAlertsList,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  type FreeTierUser,
  sharedPortal,
  signUpFreeTierUser,
  type TestPortal,
} from '../../../test/harness.ts';
import { call } from './test-helpers.ts';

const DAY = 86_400_000;

/*
 * Free-tier users are strangers to each other (docs/alerts.md, General users): one per type holds per user,
 * not for the whole shared scope, and each sees, changes and removes only its own alerts.
 */
describe(`alerts of free-tier users (${backend} backend)`, () => {
  let portal: TestPortal;
  let a: FreeTierUser;
  let b: FreeTierUser;

  beforeAll(async () => {
    portal = await sharedPortal();
    [a, b] = [await signUpFreeTierUser(portal, 'Ada'), await signUpFreeTierUser(portal, 'Bob')];
  });

  const sensorBody = (u: FreeTierUser, extra: Record<string, unknown> = {}) => ({
    alertType: 'HIGH_NO2',
    alertName: `${u.email} NO2`,
    waitingTime: 10,
    thresholdType: 'greater_than',
    threshold: 5,
    receivers: [{ userId: u.id }],
    emailAlert: true,
    smsAlert: false,
    scopeId: u.tenantId,
    ...extra,
  });
  const createSensor = (u: FreeTierUser, extra: Record<string, unknown> = {}) =>
    call(portal, u.cookie, 'POST', '/api/sensor-alerts', sensorBody(u, extra));
  const sensorList = async (u: FreeTierUser) => {
    const response = await call(portal, u.cookie, 'GET', '/api/sensor-alerts/all', undefined, {
      scopeId: u.tenantId,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SensorAlertsList>().alerts;
  };
  const refused = (response: { statusCode: number; body: string }, message: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ message });
  };

  it('gives each free-tier user its own High NO2 alert, seen and changed by its owner only', async () => {
    const mine = await createSensor(a);
    expect(mine.statusCode, mine.body).toBe(201);
    const aId = mine.json<SensorAlertSaved>().alert!.id;

    // Another free-tier user's alert of the same type does not take B's slot.
    const theirs = await createSensor(b);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const bId = theirs.json<SensorAlertSaved>().alert!.id;

    expect((await sensorList(a)).map((alert) => alert.id)).toEqual([aId]);
    expect((await sensorList(b)).map((alert) => alert.id)).toEqual([bId]);
    const listedToB = await call(portal, b.cookie, 'GET', '/api/sensor-alerts/all', undefined, {
      scopeId: b.tenantId,
    });
    expect(listedToB.body).not.toContain(a.email);

    // A's alert by its id is a 404 to B: subscribing (reading it), updating, deleting.
    const path = `/api/sensor-alerts/${aId}`;
    const asB = [
      await call(portal, b.cookie, 'PUT', `${path}/subscription`, { channel: 'email', subscribe: true }),
      await call(portal, b.cookie, 'PUT', path, sensorBody(b, { threshold: 7 })),
      await call(portal, b.cookie, 'DELETE', path),
    ];
    for (const response of asB) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain(a.email);
    }
    expect((await sensorList(a))[0]).toMatchObject({ id: aId, threshold: 5 });

    // One per type still holds for each user: A's second NO2 alert is refused in the spec's words.
    refused(
      await createSensor(a, { threshold: 6 }),
      duplicateAlertMessage(SENSOR_ALERT_TYPE_INFO.HIGH_NO2.name),
    );
    // Turning another alert of A's into a second NO2 one is refused alike.
    const co = await createSensor(a, { alertType: 'HIGH_CO', threshold: 50 });
    expect(co.statusCode, co.body).toBe(201);
    refused(
      await call(
        portal,
        a.cookie,
        'PUT',
        `/api/sensor-alerts/${co.json<SensorAlertSaved>().alert!.id}`,
        sensorBody(a),
      ),
      duplicateAlertMessage(SENSOR_ALERT_TYPE_INFO.HIGH_NO2.name),
    );
    // B's own: updated and deleted as usual, after which B may create it again.
    expect(
      (await call(portal, b.cookie, 'PUT', `/api/sensor-alerts/${bId}`, sensorBody(b, { threshold: 8 })))
        .statusCode,
    ).toBe(200);
    expect((await call(portal, b.cookie, 'DELETE', `/api/sensor-alerts/${bId}`)).json()).toMatchObject({
      message: alertMessages.deleted,
    });
    expect((await createSensor(b)).statusCode).toBe(201);
    expect((await sensorList(a)).map((alert) => alert.id)).toEqual([
      aId,
      co.json<SensorAlertSaved>().alert!.id,
    ]);
  });

  it('lets only one of two creates of one type by one user succeed, the other refused as a duplicate', async () => {
    const both = await Promise.all([
      createSensor(b, { alertType: 'HIGH_TVOC', threshold: 200 }),
      createSensor(b, { alertType: 'HIGH_TVOC', threshold: 200 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    refused(
      both.find((r) => r.statusCode === 400)!,
      duplicateAlertMessage(SENSOR_ALERT_TYPE_INFO.HIGH_TVOC.name),
    );
    expect((await sensorList(b)).filter((alert) => alert.alertType === 'HIGH_TVOC')).toHaveLength(1);
    // A, at the same moment, gets its own.
    const raced = await Promise.all([
      createSensor(a, { alertType: 'HIGH_TVOC', threshold: 200 }),
      createSensor(b, { alertType: 'HIGH_TVOC', threshold: 200 }),
    ]);
    expect(raced.map((r) => r.statusCode)).toEqual([201, 400]);
  });

  it('keeps Unlock and Multiple Shared Lockers Access alerts per user too', async () => {
    const createLock = (u: FreeTierUser, payload: Record<string, unknown>) =>
      call(portal, u.cookie, 'POST', '/api/alert/createAlert', { scopeId: u.tenantId, ...payload });
    const lockList = async (u: FreeTierUser) =>
      (
        await call(portal, u.cookie, 'GET', '/api/alerts/all', undefined, { scopeId: u.tenantId })
      ).json<LockAlertsList>().alerts;
    const unlock = (u: FreeTierUser) => ({ alertType: 'UNLOCK', receivers: [u.email] });
    const rfid = (u: FreeTierUser) => ({
      alertType: 'RFID',
      receivers: [u.email],
      rfidScheduleTime: String(DAY),
      rfidThreshold: '2',
    });

    expect((await createLock(a, unlock(a))).statusCode).toBe(201);
    expect((await createLock(b, unlock(b))).statusCode).toBe(201);
    refused(
      await createLock(a, unlock(a)),
      'Cannot create duplicate Unlock alert. Please edit the existing one.',
    );

    const aRfid = (await createLock(a, rfid(a))).json<{ alert: LockAlert }>().alert;
    expect(aRfid.alertType).toBe('RFID');
    // B has no RFID alert of its own: its RFID calls do not reach A's.
    const rfidUpdate = (u: FreeTierUser) =>
      call(portal, u.cookie, 'PUT', '/api/rfid-alert/update', {
        scopeId: u.tenantId,
        receivers: [u.email],
        rfidScheduleTime: String(3 * DAY),
      });
    expect((await rfidUpdate(b)).statusCode).toBe(404);
    expect(
      (
        await call(portal, b.cookie, 'DELETE', '/api/rfid-delete-alert/delete', undefined, {
          scopeId: b.tenantId,
        })
      ).statusCode,
    ).toBe(404);
    const aAlerts = await lockList(a);
    expect(aAlerts.find((alert) => alert.alertId === aRfid.alertId)).toMatchObject({
      rfidScheduleTime: String(DAY),
      receivers: [a.email],
    });
    expect((await createLock(b, rfid(b))).statusCode).toBe(201);
    expect((await rfidUpdate(b)).json()).toMatchObject({ alert: { rfidScheduleTime: String(3 * DAY) } });
    expect((await lockList(a)).find((alert) => alert.alertId === aRfid.alertId)?.rfidScheduleTime).toBe(
      String(DAY),
    );
    expect((await lockList(b)).every((alert) => alert.receivers.every((r) => r === b.email))).toBe(true);
  });
});
