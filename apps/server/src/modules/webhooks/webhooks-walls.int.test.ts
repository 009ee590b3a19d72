import {
  type CreatedApiKey,
  DEFAULT_PERMISSIONS,
  WEBHOOK_BATCH_EVENTS_MAX,
  WEBHOOK_BATCH_EVENTS_MIN,
  WEBHOOK_BATCH_WAIT_MS_MAX,
  WEBHOOK_BATCH_WAIT_MS_MIN,
  WEBHOOK_DELIVERIES_MAX,
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PER_CUSTOMER,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
  webhookMessages,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  injectWithKey,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { startReceiver } from '../../../test/webhook-receiver.ts';
import { ADMIN, type Customer, createWebhook, customer, deliveriesOf } from './test-helpers.ts';

/** Walls, permissions, limits and the SSRF refusal on the worker's shared portal (no network allowed). */
describe(`webhooks: walls and limits (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await customer(portal, 'Alpha');
    beta = await customer(portal, 'Beta');
  });

  it('never sends to 127.0.0.1 unless OUTBOUND_ALLOW_NETWORKS allows it: the delivery fails with the reason', async () => {
    const target = await startReceiver();
    try {
      for (const url of [
        target.url,
        `http://2130706433:${target.port}/`,
        `http://localhost:${target.port}/`,
      ]) {
        const { webhook } = await createWebhook(portal, alpha.cookie, url);
        const test = await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
        expect(test.json()).toMatchObject({
          status: 'failed',
          attempts: 1,
          responseCode: null,
          nextAttemptAt: null,
        });
        expect((test.json() as WebhookDelivery).error).toContain('127.0.0.1 is a loopback address');
        await injectAs(portal, alpha.cookie, 'DELETE', `/api/webhooks/${webhook.id}`);
      }
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it('audits every change, who made it, and never the secret nor the address beyond its host', async () => {
    const first = 'https://example.com/audited/T0KEN-path?token=Q-SECRET';
    const second = 'https://hooks.example.org:8443/services/PATH-2?sig=Q-2';
    const { webhook, secret } = await createWebhook(portal, alpha.cookie, first);
    expect(webhook.url).toBe(first);
    await injectAs(portal, alpha.cookie, 'PUT', `/api/webhooks/${webhook.id}`, {
      payload: { name: 'Renamed' },
    });
    const moved = await injectAs(portal, alpha.cookie, 'PUT', `/api/webhooks/${webhook.id}`, {
      payload: { url: second },
    });
    // A WEBHOOK_WRITE holder still reads the full address.
    expect((moved.json() as Webhook).url).toBe(second);
    const read = await injectAs(portal, alpha.cookie, 'GET', `/api/webhooks/${webhook.id}`);
    expect((read.json() as Webhook).url).toBe(second);
    const rotated = await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/rotate-secret`);
    await injectAs(portal, alpha.cookie, 'DELETE', `/api/webhooks/${webhook.id}`);
    const rows = await portal.database.db
      .selectFrom('audit_log')
      .select(['operation', 'action', 'actor_email', 'summary'])
      .where('table_name', '=', 'webhooks')
      .where('target_id', '=', webhook.id)
      .orderBy('at')
      .execute();
    expect(rows.map((r) => [r.operation, r.action, r.actor_email])).toEqual([
      ['INSERT', 'POST /api/webhooks', alpha.email],
      ['UPDATE', 'PUT /api/webhooks/:id', alpha.email],
      ['UPDATE', 'PUT /api/webhooks/:id', alpha.email],
      ['UPDATE', 'POST /api/webhooks/:id/rotate-secret', alpha.email],
      ['DELETE', 'DELETE /api/webhooks/:id', alpha.email],
    ]);
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain((rotated.json() as WebhookWithSecret).secret);
    expect(logged).toContain('[redacted]');
    // The address: scheme and host only, no path, no query, in every row.
    for (const part of ['/audited', 'T0KEN', 'Q-SECRET', '/services', 'PATH-2', 'Q-2'])
      expect(logged).not.toContain(part);
    expect(rows[0]!.summary.url).toEqual({ to: 'https://example.com/…' });
    expect(rows[2]!.summary.url).toEqual({
      from: 'https://example.com/…',
      to: 'https://hooks.example.org:8443/…',
    });
  });

  it('keeps deliveries 7 days: one a minute younger stays, one a minute older is deleted', async () => {
    const { webhook } = await createWebhook(portal, alpha.cookie, 'http://127.0.0.1:9/retention');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const test = await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
      ids.push((test.json() as WebhookDelivery).id);
    }
    const now = new Date();
    const age = (minutes: number) =>
      new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000 + minutes * 60_000);
    const db = portal.database.db;
    await db
      .updateTable('webhook_deliveries')
      .set({ created_at: age(1) } as never)
      .where('id', '=', ids[0]!)
      .execute();
    await db
      .updateTable('webhook_deliveries')
      .set({ created_at: age(-1) } as never)
      .where('id', '=', ids[1]!)
      .execute();
    await portal.services.webhooks.purgeDeliveries(now);
    const left = (await deliveriesOf(portal, alpha.cookie, webhook.id)).map((d) => d.id);
    expect(left).toEqual([ids[0]]);
  });

  it("answers another customer's webhook ids with 404 on every call", async () => {
    const { webhook } = await createWebhook(portal, beta.cookie, 'https://example.com/hook');
    const calls: [
      method: 'GET' | 'PUT' | 'DELETE' | 'POST',
      url: string,
      payload?: Record<string, unknown>,
    ][] = [
      ['GET', `/api/webhooks/${webhook.id}`],
      ['PUT', `/api/webhooks/${webhook.id}`, { name: 'Taken' }],
      ['DELETE', `/api/webhooks/${webhook.id}`],
      ['POST', `/api/webhooks/${webhook.id}/enable`],
      ['POST', `/api/webhooks/${webhook.id}/rotate-secret`],
      ['POST', `/api/webhooks/${webhook.id}/test`],
      ['GET', `/api/webhooks/${webhook.id}/deliveries`],
      ['GET', `/api/webhooks/not-a-uuid`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await injectAs(portal, alpha.cookie, method, url, payload ? { payload } : {});
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Webhook not found');
    }
    const list = await injectAs(portal, alpha.cookie, 'GET', `/api/webhooks?scopeId=${beta.tenant.id}`);
    expect(list.statusCode).toBe(404);
    const create = await injectAs(portal, alpha.cookie, 'POST', '/api/webhooks', {
      payload: {
        scopeId: beta.tenant.id,
        name: 'In',
        url: 'https://example.com/',
        eventTypes: ['lock.locked'],
      },
    });
    expect(create.statusCode).toBe(404);
    const untouched = await injectAs(portal, beta.cookie, 'GET', `/api/webhooks/${webhook.id}`);
    expect(untouched.json()).toMatchObject({ name: 'Receiver' });
  });

  it("lets a parent customer manage its sub-customer's webhooks", async () => {
    const child = await customer(portal, 'Child', ADMIN, alpha.tenant.id);
    const { webhook } = await createWebhook(portal, child.cookie, 'https://example.com/child');
    const list = await injectAs(portal, alpha.cookie, 'GET', `/api/webhooks?scopeId=${child.tenant.id}`);
    expect((list.json().items as Webhook[]).map((w) => w.id)).toEqual([webhook.id]);
    const renamed = await injectAs(portal, alpha.cookie, 'PUT', `/api/webhooks/${webhook.id}`, {
      payload: { name: 'By parent' },
    });
    expect(renamed.json()).toMatchObject({ name: 'By parent' });
    // The child does not reach its parent's.
    const { webhook: parents } = await createWebhook(portal, alpha.cookie, 'https://example.com/parent');
    expect((await injectAs(portal, child.cookie, 'GET', `/api/webhooks/${parents.id}`)).statusCode).toBe(404);
  });

  it('refuses a user without WEBHOOK_WRITE (403) on every call', async () => {
    const { webhook } = await createWebhook(portal, alpha.cookie, 'https://example.com/hook');
    const reader = await customer(portal, 'Reader', [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ']);
    const own = await createCustomerWithUser(portal, 'Peer', {
      parentId: alpha.tenant.id,
      permissions: [...DEFAULT_PERMISSIONS],
    });
    const peerCookie = await signIn(portal, own.email, own.password);
    for (const cookie of [reader.cookie, peerCookie]) {
      for (const [method, url] of [
        ['GET', '/api/webhooks'],
        ['POST', '/api/webhooks'],
        ['GET', `/api/webhooks/${webhook.id}`],
        ['PUT', `/api/webhooks/${webhook.id}`],
        ['DELETE', `/api/webhooks/${webhook.id}`],
        ['POST', `/api/webhooks/${webhook.id}/enable`],
        ['POST', `/api/webhooks/${webhook.id}/rotate-secret`],
        ['POST', `/api/webhooks/${webhook.id}/test`],
        ['GET', `/api/webhooks/${webhook.id}/deliveries`],
      ] as const) {
        const payload =
          url === '/api/webhooks'
            ? { name: 'No', url: 'https://example.com/', eventTypes: ['lock.locked'] }
            : {};
        const response = await injectAs(portal, cookie, method, url, method === 'GET' ? {} : { payload });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('works with an API key holding WEBHOOK_WRITE and refuses one without it', async () => {
    const key = async (permissions: string[]) => {
      const response = await injectAs(portal, alpha.cookie, 'POST', '/api/api-keys', {
        payload: { name: 'Hooks', permissions, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as CreatedApiKey).secret;
    };
    const withKey = (
      secret: string,
      method: 'GET' | 'POST',
      url: string,
      payload?: Record<string, unknown>,
    ) => injectWithKey(portal, secret, method, url, payload);
    const allowed = await key(['WEBHOOK_WRITE']);
    const made = await withKey(allowed, 'POST', '/api/webhooks', {
      name: 'By key',
      url: 'https://example.com/key',
      eventTypes: ['gateway.offline'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const listed = await withKey(allowed, 'GET', '/api/webhooks');
    expect((listed.json().items as Webhook[]).map((w) => w.name)).toContain('By key');
    const refused = await key(['IOT_DEVICE_READ']);
    expect((await withKey(refused, 'GET', '/api/webhooks')).statusCode).toBe(403);
    const id = (made.json() as WebhookWithSecret).webhook.id;
    expect((await withKey(refused, 'POST', `/api/webhooks/${id}/rotate-secret`)).statusCode).toBe(403);
    // Another customer's id answers 404 to a key as to a session.
    const { webhook: betas } = await createWebhook(portal, beta.cookie, 'https://example.com/b');
    expect((await withKey(allowed, 'GET', `/api/webhooks/${betas.id}`)).statusCode).toBe(404);
  });

  it('checks the name, URL and event types at both bounds', async () => {
    const post = (payload: Record<string, unknown>) =>
      injectAs(portal, alpha.cookie, 'POST', '/api/webhooks', {
        payload: { name: 'Bounds', url: 'https://example.com/', eventTypes: ['lock.failed'], ...payload },
      });
    expect((await post({ name: 'n'.repeat(WEBHOOK_NAME_MAX) })).statusCode).toBe(201);
    expect((await post({ name: 'n'.repeat(WEBHOOK_NAME_MAX + 1) })).statusCode).toBe(400);
    expect((await post({ name: '' })).statusCode).toBe(400);
    const base = 'https://example.com/';
    expect((await post({ url: base + 'a'.repeat(WEBHOOK_URL_MAX - base.length) })).statusCode).toBe(201);
    expect((await post({ url: base + 'a'.repeat(WEBHOOK_URL_MAX - base.length + 1) })).statusCode).toBe(400);
    const ftp = await post({ url: 'ftp://example.com/' });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.body).toContain(webhookMessages.badUrl);
    expect((await post({ eventTypes: [] })).statusCode).toBe(400);
    expect((await post({ eventTypes: ['lock.exploded'] })).statusCode).toBe(400);
    const all = await post({ eventTypes: [...WEBHOOK_EVENT_TYPES] });
    expect((all.json() as WebhookWithSecret).webhook.eventTypes).toEqual([...WEBHOOK_EVENT_TYPES]);
    const { webhook } = all.json() as WebhookWithSecret;
    for (const batch of [
      { maxEvents: WEBHOOK_BATCH_EVENTS_MIN, maxWaitMs: WEBHOOK_BATCH_WAIT_MS_MIN },
      { maxEvents: WEBHOOK_BATCH_EVENTS_MAX, maxWaitMs: WEBHOOK_BATCH_WAIT_MS_MAX },
    ]) {
      const made = await post({ batch });
      expect(made.statusCode, made.body).toBe(201);
      expect((made.json() as WebhookWithSecret).webhook.batch).toEqual(batch);
    }
    for (const batch of [
      { maxEvents: WEBHOOK_BATCH_EVENTS_MIN - 1, maxWaitMs: 100 },
      { maxEvents: WEBHOOK_BATCH_EVENTS_MAX + 1, maxWaitMs: 100 },
      { maxEvents: 10, maxWaitMs: WEBHOOK_BATCH_WAIT_MS_MIN - 1 },
      { maxEvents: 10, maxWaitMs: WEBHOOK_BATCH_WAIT_MS_MAX + 1 },
      { maxEvents: 10 },
    ])
      expect((await post({ batch })).statusCode).toBe(400);
    const over = await injectAs(portal, alpha.cookie, 'PUT', `/api/webhooks/${webhook.id}`, {
      payload: { batch: { maxEvents: WEBHOOK_BATCH_EVENTS_MAX + 1, maxWaitMs: 100 } },
    });
    expect(over.statusCode).toBe(400);
    for (const limit of [1, WEBHOOK_DELIVERIES_MAX])
      expect(
        (await injectAs(portal, alpha.cookie, 'GET', `/api/webhooks/${webhook.id}/deliveries?limit=${limit}`))
          .statusCode,
      ).toBe(200);
    for (const limit of [0, WEBHOOK_DELIVERIES_MAX + 1])
      expect(
        (await injectAs(portal, alpha.cookie, 'GET', `/api/webhooks/${webhook.id}/deliveries?limit=${limit}`))
          .statusCode,
      ).toBe(400);
  });

  it(`allows ${WEBHOOKS_PER_CUSTOMER} webhooks per customer and refuses one more`, async () => {
    const gamma = await customer(portal, 'Gamma');
    for (let i = 0; i < WEBHOOKS_PER_CUSTOMER; i++)
      await createWebhook(portal, gamma.cookie, `https://example.com/${i}`);
    const over = await injectAs(portal, gamma.cookie, 'POST', '/api/webhooks', {
      payload: { name: 'One more', url: 'https://example.com/x', eventTypes: ['lock.locked'] },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(webhookMessages.tooMany);
    const [first] = (await injectAs(portal, gamma.cookie, 'GET', '/api/webhooks')).json().items as Webhook[];
    expect((await injectAs(portal, gamma.cookie, 'DELETE', `/api/webhooks/${first!.id}`)).json()).toEqual({
      message: webhookMessages.deleted,
    });
    await createWebhook(portal, gamma.cookie, 'https://example.com/again');
  });
});
