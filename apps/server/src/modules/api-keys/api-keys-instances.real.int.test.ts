import { type CreatedApiKey, DEFAULT_PERMISSIONS } from '@portal/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomerWithUser,
  endBrokerSessions,
  injectAs,
  injectWithKey,
  REAL_MQTT,
  randomTag,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { buildApp, type Portal } from '../../app.ts';

// A revoked or expired key is refused at once on every instance: keys are read from the database on every
// call, so no instance keeps one past its revocation. Two instances on one database: the real backend only.

describe('API keys across two portal instances on one PostgreSQL', () => {
  let a: TestPortal;
  let b: Portal;
  let cookieOnA: string;
  let cookieOnB: string;
  let scopeId: string;
  const clientId = `portal-test-keys-${randomTag(6)}`;

  const create = async (expiresAt = new Date(Date.now() + 86_400_000).toISOString()) => {
    const response = await injectAs(a, cookieOnA, 'POST', '/api/api-keys', {
      payload: { name: 'Two instances', permissions: ['IOT_DEVICE_READ'], expiresAt },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CreatedApiKey;
  };
  const call = (portal: Portal, key: string) =>
    injectWithKey(portal, key, 'GET', `/api/gateway/get-gateways?scopeId=${scopeId}`);

  beforeAll(async () => {
    a = await startPortal();
    const user = await createCustomerWithUser(a, 'Keys', {
      permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'API_KEY_WRITE'],
    });
    scopeId = user.tenant.id;
    b = await buildApp({ ...a.config, MQTT_CLIENT_ID: clientId }, pino({ level: 'silent' }));
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    cookieOnA = await signIn(a, user.email, user.password);
    cookieOnB = await signIn(b, user.email, user.password);
  });
  afterAll(async () => {
    await b?.app.close();
    await endBrokerSessions(REAL_MQTT, clientId, a.config.MQTT_CONSUMERS);
    await a?.close();
  });

  it('a key revoked on one instance is refused by the other on its next call', async () => {
    for (const [revoker, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const { key, secret } = await create();
      // Both served it, several times: nothing kept on either outlives the revocation.
      for (const portal of [a, b, a, b]) expect((await call(portal, secret)).statusCode).toBe(200);
      const cookie = revoker === a ? cookieOnA : cookieOnB;
      const revoked = await injectAs(revoker, cookie, 'POST', `/api/api-keys/${key.id}/revoke`);
      expect(revoked.statusCode).toBe(200);
      expect((await call(other, secret)).statusCode).toBe(401);
      expect((await call(revoker, secret)).statusCode).toBe(401);
    }
  });

  it('a key past its expiry is refused by both instances', async () => {
    const { secret } = await create(new Date(Date.now() + 1_500).toISOString());
    expect((await call(a, secret)).statusCode).toBe(200);
    expect((await call(b, secret)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await call(b, secret)).statusCode).toBe(401);
    expect((await call(a, secret)).statusCode).toBe(401);
  });
});
