import {
  API_KEYS_PER_CUSTOMER,
  type ApiKey,
  apiKeyMessages,
  type CreatedApiKey,
  DEFAULT_PERMISSIONS,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  injectAs,
  injectWithKey,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';

const DAY_MS = 24 * 60 * 60_000;
/** What the customers' administrators hold here: reads, device writes, users and the key permission. */
const ADMIN = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'PORTAL_USER_READ',
  'PORTAL_USER_WRITE',
  'API_KEY_WRITE',
];

describe(`API keys (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string; mac: string };
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string; mac: string };

  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

  /** POST /api/api-keys as the session `cookie`. */
  const create = (cookie: string, permissions: string[], expiresAt = inDays(30), name = 'CI') =>
    injectAs(portal, cookie, 'POST', '/api/api-keys', { payload: { name, permissions, expiresAt } });
  const createKey = async (cookie: string, permissions: string[], expiresAt?: string) => {
    const response = await create(cookie, permissions, expiresAt);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CreatedApiKey;
  };
  const withKey = (
    key: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ) => injectWithKey(portal, key, method, url, payload);
  const gatewaysOf = (scopeId: string) => `/api/gateway/get-gateways?scopeId=${scopeId}`;
  const usersOf = (scopeId: string) => `/api/getPortalUsers/portalUsers?scopeId=${scopeId}`;

  beforeAll(async () => {
    portal = await sharedPortal();
    const customer = async (label: string) => {
      const made = await createCustomerWithUser(portal, label, { permissions: ADMIN });
      const { mac } = await portal.services.gateways.provision(made.tenant.id, randomMac(), `${label} 1`);
      return { ...made, mac, cookie: await signIn(portal, made.email, made.password) };
    };
    alpha = await customer('Alpha');
    beta = await customer('Beta');
  });

  it('shows the secret once: the list has the key without it, and only its digest is stored', async () => {
    const { key, secret } = await createKey(alpha.cookie, ['IOT_DEVICE_READ']);
    expect(secret).toMatch(new RegExp(`^iotp_${key.id.replace(/-/g, '')}_[A-Za-z0-9_-]{43}$`));
    expect(key).toMatchObject({
      name: 'CI',
      status: 'active',
      permissions: ['IOT_DEVICE_READ'],
      lastUsedAt: null,
    });
    expect(key.createdBy.email).toBe(alpha.email);
    const list = await injectAs(portal, alpha.cookie, 'GET', '/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(-20));
    expect((list.json().items as ApiKey[]).map((k) => k.id)).toContain(key.id);
    const stored = await portal.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(-20));
  });

  it('lets a key do what its permissions allow, and refuses what it lacks though its creator holds it', async () => {
    const { secret } = await createKey(alpha.cookie, ['IOT_DEVICE_READ']);
    const gateways = await withKey(secret, 'GET', gatewaysOf(alpha.tenant.id));
    expect(gateways.statusCode).toBe(200);
    expect(JSON.stringify(gateways.json())).toContain(alpha.mac);
    // The creator's session may list the users; the key, without PORTAL_USER_READ, may not.
    expect((await injectAs(portal, alpha.cookie, 'GET', usersOf(alpha.tenant.id))).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', usersOf(alpha.tenant.id))).statusCode).toBe(403);
    const rename = await withKey(secret, 'PUT', `/api/update-gateway/${alpha.mac}`, { NAME: 'By key' });
    expect(rename.statusCode).toBe(403);
  });

  it("answers another customer's ids with 404, as the creator's session does", async () => {
    const { secret } = await createKey(alpha.cookie, [
      'IOT_DEVICE_READ',
      'IOT_DEVICE_WRITE',
      'PORTAL_USER_READ',
    ]);
    for (const url of [gatewaysOf(beta.tenant.id), usersOf(beta.tenant.id)]) {
      const session = await injectAs(portal, alpha.cookie, 'GET', url);
      const key = await withKey(secret, 'GET', url);
      expect(session.statusCode).toBe(404);
      expect(key.statusCode).toBe(404);
      expect(key.json()).toEqual(session.json());
    }
    const rename = await withKey(secret, 'PUT', `/api/update-gateway/${beta.mac}`, { NAME: 'Taken' });
    expect(rename.statusCode).toBe(404);
    // And a key of Beta cannot be listed or revoked from Alpha.
    const betaKey = await createKey(beta.cookie, ['IOT_DEVICE_READ']);
    const list = await injectAs(portal, alpha.cookie, 'GET', '/api/api-keys', {
      query: { scopeId: beta.tenant.id },
    });
    expect(list.statusCode).toBe(404);
    const revoke = await injectAs(portal, alpha.cookie, 'POST', `/api/api-keys/${betaKey.key.id}/revoke`);
    expect(revoke.statusCode).toBe(404);
    expect((await withKey(betaKey.secret, 'GET', gatewaysOf(beta.tenant.id))).statusCode).toBe(200);
  });

  it('changes what its permissions allow, and the audit log names the key', async () => {
    const { key, secret } = await createKey(alpha.cookie, ['IOT_DEVICE_READ', 'IOT_DEVICE_WRITE']);
    const rename = await withKey(secret, 'PUT', `/api/update-gateway/${alpha.mac}`, {
      NAME: 'Renamed by CI',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const rows = await portal.database.db
      .selectFrom('audit_log')
      .select(['actor_email', 'operation', 'summary'])
      .where('table_name', '=', 'gateways')
      .where(
        'action',
        '=',
        `PUT /api/update-gateway/:MAC (API key iotp_${key.id.replace(/-/g, '').slice(0, 8)})`,
      )
      .execute();
    expect(rows).toContainEqual(
      expect.objectContaining({
        actor_email: alpha.email,
        operation: 'UPDATE',
        summary: expect.objectContaining({ name: expect.objectContaining({ to: 'Renamed by CI' }) }),
      }),
    );
  });

  it("records a key's use, in its list row and the audit log, at most once a minute", async () => {
    const created = await create(alpha.cookie, ['IOT_DEVICE_READ'], inDays(30), 'Used');
    const { key, secret } = created.json() as CreatedApiKey;
    const uses = () =>
      portal.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_email', 'operation'])
        .where('table_name', '=', 'api_keys')
        .where('target_id', '=', key.id)
        .where('operation', '=', 'UPDATE')
        .execute();
    expect(await uses()).toEqual([]);
    for (let i = 0; i < 3; i++)
      expect((await withKey(secret, 'GET', gatewaysOf(alpha.tenant.id))).statusCode).toBe(200);
    expect(await uses()).toEqual([
      {
        action: `GET /api/gateway/get-gateways (API key iotp_${key.id.replace(/-/g, '').slice(0, 8)})`,
        actor_email: alpha.email,
        operation: 'UPDATE',
      },
    ]);
    // The Activity screen tells it in words, found by its kind of action and thing.
    const root = await signIn(portal);
    const activity = await injectAs(portal, root, 'GET', '/api/audit', {
      query: { thing: 'apiKey', action: 'used', name: key.name },
    });
    expect(activity.statusCode).toBe(200);
    expect(
      (activity.json().items as { description: { text: string } }[]).map((e) => e.description.text),
    ).toContain(`Alpha User used the API key 'Used' of ${alpha.tenant.name}`);
    const listed = (await injectAs(portal, alpha.cookie, 'GET', '/api/api-keys')).json().items as ApiKey[];
    const lastUsed = listed.find((k) => k.id === key.id)?.lastUsedAt;
    expect(lastUsed).not.toBeNull();
    expect(Date.now() - Date.parse(lastUsed!)).toBeLessThan(60_000);
  });

  it('refuses a revoked key from the next call, and an expired one', async () => {
    const { key, secret } = await createKey(alpha.cookie, ['IOT_DEVICE_READ']);
    expect((await withKey(secret, 'GET', gatewaysOf(alpha.tenant.id))).statusCode).toBe(200);
    const revoked = await injectAs(portal, alpha.cookie, 'POST', `/api/api-keys/${key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: key.id, status: 'revoked' });
    expect((await withKey(secret, 'GET', gatewaysOf(alpha.tenant.id))).statusCode).toBe(401);

    const shortLived = await createKey(
      alpha.cookie,
      ['IOT_DEVICE_READ'],
      new Date(Date.now() + 1_500).toISOString(),
    );
    expect((await withKey(shortLived.secret, 'GET', gatewaysOf(alpha.tenant.id))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await withKey(shortLived.secret, 'GET', gatewaysOf(alpha.tenant.id))).statusCode).toBe(401);
    const listed = (await injectAs(portal, alpha.cookie, 'GET', '/api/api-keys')).json().items as ApiKey[];
    expect(listed.find((k) => k.id === shortLived.key.id)?.status).toBe('expired');
  });

  it('refuses a wrong, malformed or empty key with 401', async () => {
    const { secret } = await createKey(alpha.cookie, ['IOT_DEVICE_READ']);
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [wrong, 'iotp_nonsense', '']) {
      expect((await withKey(key, 'GET', gatewaysOf(alpha.tenant.id))).statusCode).toBe(401);
    }
  });

  it('cannot be given more than its creator holds, nor what no key gets', async () => {
    // Alpha's user holds no PORTAL_USER_DELETE; no key gets MQTT_AUTH or API_KEY_WRITE.
    for (const extra of ['PORTAL_USER_DELETE', 'MQTT_AUTH', 'API_KEY_WRITE']) {
      const response = await create(alpha.cookie, ['IOT_DEVICE_READ', extra]);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(apiKeyMessages.notHeld(extra));
    }
    // A user without API_KEY_WRITE makes none at all.
    const plain = await createCustomerWithUser(portal, 'Plain');
    const plainCookie = await signIn(portal, plain.email, plain.password);
    expect((await create(plainCookie, ['IOT_DEVICE_READ'])).statusCode).toBe(403);
    // Expiry: in the future, at most a year and a day.
    expect((await create(alpha.cookie, ['IOT_DEVICE_READ'], inDays(-1))).json().message).toBe(
      apiKeyMessages.expiryPast,
    );
    expect((await create(alpha.cookie, ['IOT_DEVICE_READ'], inDays(367))).json().message).toBe(
      apiKeyMessages.expiryTooFar,
    );
  });

  it('holds no more than its creator holds now: a permission taken from the creator is refused to the key', async () => {
    const carol = await createCustomerWithUser(portal, 'Carol', { permissions: ADMIN });
    const cookie = await signIn(portal, carol.email, carol.password);
    const { secret } = await createKey(cookie, ['IOT_DEVICE_READ', 'PORTAL_USER_READ']);
    expect((await withKey(secret, 'GET', usersOf(carol.tenant.id))).statusCode).toBe(200);
    await portal.database.db
      .updateTable('users')
      .set({ permissions: ADMIN.filter((code) => code !== 'PORTAL_USER_READ') })
      .where('email', '=', carol.email)
      .execute();
    expect((await withKey(secret, 'GET', usersOf(carol.tenant.id))).statusCode).toBe(403);
    expect((await withKey(secret, 'GET', gatewaysOf(carol.tenant.id))).statusCode).toBe(200);
  });

  it(`allows ${API_KEYS_PER_CUSTOMER} active keys per customer, also when asked for all at once`, async () => {
    const dora = await createCustomerWithUser(portal, 'Dora', { permissions: ADMIN });
    const cookie = await signIn(portal, dora.email, dora.password);
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_PER_CUSTOMER + 5 }, () => create(cookie, ['IOT_DEVICE_READ'])),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(API_KEYS_PER_CUSTOMER);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(apiKeyMessages.tooMany);
    // A revoked key frees its place.
    const { key } = answers.find((answer) => answer.statusCode === 201)!.json() as CreatedApiKey;
    await injectAs(portal, cookie, 'POST', `/api/api-keys/${key.id}/revoke`);
    expect((await create(cookie, ['IOT_DEVICE_READ'])).statusCode).toBe(201);
  });

  it('refuses a key on the session-only calls: the live token, password, 2FA and the keys themselves', async () => {
    const { secret } = await createKey(alpha.cookie, ['IOT_DEVICE_READ', 'PORTAL_USER_DETAILS']);
    const calls: ['GET' | 'POST' | 'PUT', string, Record<string, unknown>?][] = [
      ['POST', '/api/mqtt-token'],
      ['POST', '/api/changePassword', { oldPassword: alpha.password, newPassword: 'Another1' }],
      ['POST', '/api/getQrCodeUrl', { email: alpha.email }],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'More', permissions: ['IOT_DEVICE_READ'], expiresAt: inDays(1) }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await withKey(secret, method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(apiKeyMessages.sessionOnly);
    }
    // The creator's password still works: nothing was changed.
    await signIn(portal, alpha.email, alpha.password);
  });

  it('never opens the browser live channel (/mqtt) with a key', async () => {
    const { secret } = await createKey(alpha.cookie, ['IOT_DEVICE_READ']);
    const user = await portal.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', alpha.email)
      .executeTakeFirstOrThrow();
    const url = `${portal.baseUrl.replace('http', 'ws')}/mqtt`;
    for (const username of [user.id, alpha.email, secret]) {
      await expect(
        connectMqtt(url, { clientId: `frontend-${user.id}`, username, password: secret }),
      ).rejects.toThrow(/Bad username or password/);
    }
    // The web app's way in, a live token, is refused to the key too (above); a session still gets one.
    expect((await injectAs(portal, alpha.cookie, 'POST', '/api/mqtt-token')).statusCode).toBe(200);
  });

  it('describes the bearer scheme in the OpenAPI document, and which routes take it', async () => {
    const doc = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
    expect(doc.paths['/api/gateway/get-gateways'].get.security).toEqual([
      { sessionCookie: [] },
      { apiKey: [] },
    ]);
    expect(doc.paths['/api/mqtt-token'].post.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/api-keys'].post.security).toEqual([{ sessionCookie: [] }]);
  });
});
