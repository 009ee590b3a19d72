import { LOGIN_THROTTLE } from '@portal/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomerWithUser,
  endBrokerSessions,
  REAL_MQTT,
  randomTag,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { addUser, burst, randomKey, sendJson } from './test-helpers.ts';

// Issue 12 point 1 across instances: the sign-in guess limit is decided in PostgreSQL, so two portal
// instances on one database share it. Two instances on one database: the real backend only.

const BURST = 100;

describe('guess limits across two portal instances on one PostgreSQL', () => {
  let portal: TestPortal;
  let tenantId: string;
  let addressNumber = 0;
  const freshAddress = () => `198.51.101.${++addressNumber}`;

  beforeAll(async () => {
    portal = await startPortal({ TRUST_PROXY: '127.0.0.1' });
    tenantId = (await createCustomerWithUser(portal, 'Guess two')).tenant.id;
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('100 sign-ins split between the instances: at most 5 evaluated, the right password inside refused', async () => {
    const clientId = `portal-test-second-${randomTag(6)}`;
    const second = await buildApp({ ...portal.config, MQTT_CLIENT_ID: clientId }, pino({ level: 'silent' }));
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const address = second.app.server.address();
      const secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const user = await addUser(portal, tenantId);
      const statuses = await burst(
        Array.from(
          { length: BURST },
          (_, n) => () =>
            sendJson(
              n % 2 ? secondUrl : portal.baseUrl,
              `/api/login/twoFactorKey/${randomKey()}`,
              { email: user.email, password: n === 61 ? user.password : `Wrong${n}` },
              { address: freshAddress() },
            ),
        ),
      );
      expect(statuses.filter((s) => s === 401).length).toBe(LOGIN_THROTTLE.maxAttempts);
      expect(statuses[61]).toBe(429);
    } finally {
      await second.app.close();
      await endBrokerSessions(REAL_MQTT, clientId, portal.config.MQTT_CONSUMERS);
    }
  });
});
