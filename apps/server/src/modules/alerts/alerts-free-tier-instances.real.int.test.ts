import { duplicateAlertMessage, SENSOR_ALERT_TYPE_INFO, type SensorAlertsList } from '@portal/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endBrokerSessions,
  type FreeTierUser,
  injectAs,
  REAL_MQTT,
  randomTag,
  signUpFreeTierUser,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';

// One alert per type and free-tier user is decided by the database (the unique index in the INSERT), so two
// portal instances on one PostgreSQL share it. Two instances on one database: the real backend only.

const BURST = 10;

describe("a free-tier user's one alert per type across two portal instances on one PostgreSQL", () => {
  let portal: TestPortal;
  let user: FreeTierUser;

  beforeAll(async () => {
    portal = await startPortal();
    user = await signUpFreeTierUser(portal, 'Twin');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it(`${BURST} creates of one type sent to both instances at once: exactly one stored`, async () => {
    const clientId = `portal-test-second-${randomTag(6)}`;
    const second = await buildApp({ ...portal.config, MQTT_CLIENT_ID: clientId }, pino({ level: 'silent' }));
    try {
      await second.app.ready();
      const payload = {
        alertType: 'HIGH_NO2',
        alertName: 'Twin NO2',
        waitingTime: 10,
        thresholdType: 'greater_than',
        threshold: 5,
        receivers: [{ userId: user.id }],
        emailAlert: true,
        smsAlert: false,
        scopeId: user.tenantId,
      };
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, n) =>
          injectAs(n % 2 ? second : portal, user.cookie, 'POST', '/api/sensor-alerts', { payload }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(BURST - 1);
      for (const answer of answers.filter((a) => a.statusCode === 400))
        expect(answer.json()).toMatchObject({
          message: duplicateAlertMessage(SENSOR_ALERT_TYPE_INFO.HIGH_NO2.name),
        });
      const listed = await injectAs(portal, user.cookie, 'GET', '/api/sensor-alerts/all', {
        query: { scopeId: user.tenantId },
      });
      expect(listed.json<SensorAlertsList>().alerts.filter((a) => a.alertType === 'HIGH_NO2')).toHaveLength(
        1,
      );
    } finally {
      await second.app.close();
      await endBrokerSessions(REAL_MQTT, clientId, portal.config.MQTT_CONSUMERS);
    }
  });
});
