import {
  type CreatedApiKey,
  DEFAULT_PERMISSIONS,
  WEBHOOK_BATCH_EVENTS_MAX,
  WEBHOOK_BATCH_EVENTS_MIN,
  WEBHOOK_BATCH_TYPE,
  WEBHOOK_BATCH_WAIT_MS_MAX,
  WEBHOOK_BATCH_WAIT_MS_MIN,
  WEBHOOK_DELIVERIES_MAX,
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PER_CUSTOMER,
  type Webhook,
  type WebhookBatchPayload,
  type WebhookDelivery,
  type WebhookWithSecret,
  webhookMessages,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { startReceiver, verifySignature } from '../../../test/webhook-receiver.ts';

const ADMIN = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'WEBHOOK_WRITE', 'API_KEY_WRITE'];
type Customer = Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };

async function customer(
  portal: TestPortal,
  label: string,
  permissions = ADMIN,
  parentId?: string,
): Promise<Customer> {
  const made = await createCustomerWithUser(portal, label, {
    permissions,
    ...(parentId ? { parentId } : {}),
  });
  return { ...made, cookie: await signIn(portal, made.email, made.password) };
}

async function createWebhook(
  portal: TestPortal,
  cookie: string,
  url: string,
  extra: Record<string, unknown> = {},
): Promise<WebhookWithSecret> {
  const response = await injectAs(portal, cookie, 'POST', '/api/webhooks', {
    payload: { name: 'Receiver', url, eventTypes: ['lock.unlocked'], ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as WebhookWithSecret;
}

const deliveriesOf = async (portal: TestPortal, cookie: string, id: string) => {
  const response = await injectAs(portal, cookie, 'GET', `/api/webhooks/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as WebhookDelivery[];
};

/** Deliveries on a portal that allows loopback targets (OUTBOUND_ALLOW_NETWORKS) and retries within a second. */
describe(`webhook deliveries (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  const receivers: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    portal = await startPortal({
      OUTBOUND_ALLOW_NETWORKS: '127.0.0.0/8',
      WEBHOOK_RETRY_BASE_SECONDS: '0.2',
      WEBHOOK_RETRY_MAX_SECONDS: '0.4',
      WEBHOOK_DISABLE_AFTER_SECONDS: '2',
    });
    alpha = await customer(portal, 'Alpha');
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await portal?.close();
  });

  const receiver = async (statuses?: number[]) => {
    const made = await startReceiver(statuses);
    receivers.push(made);
    return made;
  };

  it('delivers a test event signed with the secret shown at creation, with the documented body and headers', async () => {
    const target = await receiver();
    const { webhook, secret } = await createWebhook(portal, alpha.cookie, target.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ enabled: true, consecutiveFailures: 0, previousSecretUntil: null });
    const list = await injectAs(portal, alpha.cookie, 'GET', '/api/webhooks');
    expect(list.body).not.toContain(secret);

    const test = await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    const delivery = test.json() as WebhookDelivery;
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseCode: 200,
      error: null,
      type: 'webhook.test',
    });
    expect(target.received).toHaveLength(1);
    const [hit] = target.received;
    expect(verifySignature(secret, hit!.headers, hit!.body)).toBe(true);
    expect(verifySignature('whsec_wrong', hit!.headers, hit!.body)).toBe(false);
    expect(hit!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'IoT-Portal-Webhooks/1',
      'webhook-id': delivery.eventId,
    });
    expect(Math.abs(Number(hit!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const body = JSON.parse(hit!.body);
    expect(body).toMatchObject({ id: delivery.eventId, type: 'webhook.test', customerId: alpha.tenant.id });
    expect(new Date(body.occurredAt).toISOString()).toBe(body.occurredAt);
    expect(body.data.webhookId).toBe(webhook.id);
    expect((await deliveriesOf(portal, alpha.cookie, webhook.id)).map((d) => d.id)).toEqual([delivery.id]);
  });

  it('tries again after a 500 and delivers, the same event id and body on both attempts', async () => {
    const target = await receiver([500, 200]);
    const { webhook, secret } = await createWebhook(portal, alpha.cookie, target.url);
    const test = await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    const first = test.json() as WebhookDelivery;
    expect(first).toMatchObject({ status: 'retrying', attempts: 1, responseCode: 500 });
    expect(first.error).toContain('HTTP 500');
    expect(first.nextAttemptAt).not.toBeNull();
    const delivered = await waitFor(async () => {
      const [row] = await deliveriesOf(portal, alpha.cookie, webhook.id);
      return row?.status === 'delivered' ? row : null;
    }, 15_000);
    expect(delivered).toMatchObject({ attempts: 2, responseCode: 200, error: null, nextAttemptAt: null });
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.body).toBe(target.received[0]!.body);
    expect(target.received[1]!.headers['webhook-id']).toBe(first.eventId);
    expect(verifySignature(secret, target.received[1]!.headers, target.received[1]!.body)).toBe(true);
    const after = await injectAs(portal, alpha.cookie, 'GET', `/api/webhooks/${webhook.id}`);
    expect((after.json() as Webhook).consecutiveFailures).toBe(0);
  });

  it('does not retry a 404 (a permanent failure)', async () => {
    const target = await receiver([404]);
    const { webhook } = await createWebhook(portal, alpha.cookie, target.url);
    const test = await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(test.json()).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseCode: 404,
      nextAttemptAt: null,
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(target.received).toHaveLength(1);
  });

  it('sends both signatures during a rotation overlap, the new secret shown once', async () => {
    const target = await receiver();
    const { webhook, secret: oldSecret } = await createWebhook(portal, alpha.cookie, target.url);
    const rotation = await injectAs(
      portal,
      alpha.cookie,
      'POST',
      `/api/webhooks/${webhook.id}/rotate-secret`,
    );
    expect(rotation.statusCode, rotation.body).toBe(200);
    const { webhook: rotated, secret: newSecret } = rotation.json() as WebhookWithSecret;
    expect(newSecret).not.toBe(oldSecret);
    const overlapEnd = new Date(rotated.previousSecretUntil ?? 0).getTime();
    expect(Math.abs(overlapEnd - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    const [hit] = target.received;
    expect(String(hit!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifySignature(newSecret, hit!.headers, hit!.body)).toBe(true);
    expect(verifySignature(oldSecret, hit!.headers, hit!.body)).toBe(true);

    // After the overlap only the new secret signs.
    await portal.database.db
      .updateTable('webhooks')
      .set({ previous_secret_until: new Date(Date.now() - 1000) })
      .where('id', '=', webhook.id)
      .execute();
    await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    const second = target.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifySignature(newSecret, second.headers, second.body)).toBe(true);
    expect(verifySignature(oldSecret, second.headers, second.body)).toBe(false);
  });

  it('delivers an event to the subscribed webhooks of its customer and the customers above it, no other', async () => {
    const parent = await customer(portal, 'Parent');
    const child = await customer(
      portal,
      'Child',
      [...ADMIN, 'IOT_USER_READ', 'IOT_USER_WRITE'],
      parent.tenant.id,
    );
    const sibling = await customer(portal, 'Sibling', ADMIN, parent.tenant.id);
    const [toParent, toChild, otherType, toSibling] = await Promise.all([
      receiver(),
      receiver(),
      receiver(),
      receiver(),
    ]);
    const types = { eventTypes: ['user_import.finished'] };
    const parentHook = await createWebhook(portal, parent.cookie, toParent.url, types);
    const childHook = await createWebhook(portal, child.cookie, toChild.url, types);
    await createWebhook(portal, child.cookie, otherType.url, {
      eventTypes: ['lock.unlocked', 'gateway.online'],
    });
    await createWebhook(portal, sibling.cookie, toSibling.url, types);
    const imported = await portal.app.inject({
      method: 'POST',
      url: '/api/create-bulk-iot-lock-users?isCardUsers=false',
      headers: { cookie: child.cookie },
      payload: [
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          division: '',
          employeeId: '',
          email: `ada-${Date.now()}@example.com`,
          mobileNo: '',
          scopeId: child.tenant.id,
        },
      ] as never,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await waitFor(async () => toParent.received.length === 1 && toChild.received.length === 1);
    const [atParent, atChild] = [toParent.received[0]!, toChild.received[0]!];
    expect(verifySignature(parentHook.secret, atParent.headers, atParent.body)).toBe(true);
    expect(verifySignature(childHook.secret, atChild.headers, atChild.body)).toBe(true);
    const body = JSON.parse(atParent.body);
    expect(body).toMatchObject({
      type: 'user_import.finished',
      customerId: child.tenant.id,
      data: {
        created: 1,
        updated: 0,
        unchanged: 0,
        refused: 0,
        rows: 1,
        cardUsers: false,
        customerIds: [child.tenant.id],
      },
    });
    // One event: the same id at both receivers, each with its own signature.
    expect(JSON.parse(atChild.body).id).toBe(body.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(otherType.received).toHaveLength(0);
    expect(toSibling.received).toHaveLength(0);
    const logged = await deliveriesOf(portal, parent.cookie, parentHook.webhook.id);
    expect(logged).toMatchObject([{ type: 'user_import.finished', status: 'delivered', eventId: body.id }]);
  });

  it('tells a gateway going on- and offline once per change, and new lock history entries with the names', async () => {
    const owner = await customer(portal, 'Devices');
    const target = await receiver();
    const { secret } = await createWebhook(portal, owner.cookie, target.url, {
      eventTypes: ['gateway.online', 'gateway.offline', 'lock.unlocked', 'lock.failed'],
    });
    const { gateways, locks } = portal.services;
    const mac = randomMac();
    await gateways.provision(owner.tenant.id, mac, 'Front gate');
    const device = { mac, tenantId: owner.tenant.id };
    const at = Date.now() - 10_000;
    await gateways.recordStatus(device, { CS: 1, TI: at });
    await gateways.recordStatus(device, { CS: 1, TI: at + 1000 }); // still online: nothing new
    await gateways.recordStatus(device, { CS: 0, TI: at + 2000 });
    const lockMac = randomMac();
    await locks.recordLocks(device, {
      kind: 'update',
      TI: at + 2500,
      locks: [{ MAC: lockMac, name: 'Door 12' }],
      removed: [],
    });
    const history = {
      events: [
        { id: 'e-1', MAC: lockMac, TI: at + 3000, kind: 'UNLOCKED' as const, method: 'card' as const },
        { id: 'e-2', MAC: lockMac, TI: at + 4000, kind: 'REFUSED' as const, reason: 'WRONG_CODE' as const },
        { id: 'e-3', MAC: lockMac, TI: at + 5000, kind: 'LOCKED' as const }, // not subscribed
      ],
    };
    await locks.recordLockEvents(device, history);
    await locks.recordLockEvents(device, history); // a repeat stores and tells nothing
    await waitFor(async () => target.received.length >= 4);
    await new Promise((r) => setTimeout(r, 1000));
    const bodies = target.received.map((hit) => {
      expect(verifySignature(secret, hit.headers, hit.body)).toBe(true);
      return JSON.parse(hit.body);
    });
    const byType = (type: string) => bodies.filter((b) => b.type === type);
    expect(bodies).toHaveLength(4);
    expect(byType('gateway.online')).toMatchObject([
      {
        customerId: owner.tenant.id,
        occurredAt: new Date(at).toISOString(),
        data: { gatewayMac: mac, gatewayName: 'Front gate' },
      },
    ]);
    expect(byType('gateway.offline')).toMatchObject([
      { data: { gatewayMac: mac, gatewayName: 'Front gate' } },
    ]);
    expect(byType('lock.unlocked')).toMatchObject([
      {
        data: {
          eventId: 'e-1',
          lockMac,
          lockName: 'Door 12',
          gatewayMac: mac,
          gatewayName: 'Front gate',
          method: 'card',
        },
      },
    ]);
    expect(byType('lock.failed')).toMatchObject([
      { data: { eventId: 'e-2', lockName: 'Door 12', reason: 'WRONG_CODE' } },
    ]);
  });

  /** `count` lock.unlocked events of alpha emitted at once on the bus, their data.seq from `from` on. */
  const emitUnlocks = (count: number, from = 0) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        portal.events.emit('notable', {
          tenantId: alpha.tenant.id,
          type: 'lock.unlocked',
          occurredAt: Date.now(),
          data: { seq: from + i, lockName: 'Front door' },
        }),
      ),
    );
  const batchesOf = (target: { received: { body: string }[] }) =>
    target.received.map((hit) => JSON.parse(hit.body) as WebhookBatchPayload);

  it('sends a batched webhook its events in signed batches of at most maxEvents, each event once, a lone event after maxWaitMs', async () => {
    const target = await receiver();
    const { webhook, secret } = await createWebhook(portal, alpha.cookie, target.url, {
      batch: { maxEvents: 3, maxWaitMs: 300 },
    });
    expect(webhook.batch).toEqual({ maxEvents: 3, maxWaitMs: 300 });
    await emitUnlocks(7);
    const events = () => batchesOf(target).flatMap((batch) => batch.events);
    await waitFor(async () => events().length >= 7, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      events()
        .map((event) => event.data.seq)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(new Set(events().map((event) => event.id)).size).toBe(7);
    for (const [i, hit] of target.received.entries()) {
      expect(verifySignature(secret, hit.headers, hit.body)).toBe(true);
      const batch = batchesOf(target)[i]!;
      expect(batch).toMatchObject({ type: WEBHOOK_BATCH_TYPE, count: batch.events.length });
      expect(hit.headers['webhook-id']).toBe(batch.id);
      expect(batch.count).toBeGreaterThanOrEqual(1);
      expect(batch.count).toBeLessThanOrEqual(3);
      for (const event of batch.events)
        expect(event).toMatchObject({ type: 'lock.unlocked', customerId: alpha.tenant.id });
    }
    // 7 events emitted together at 3 a batch: two full batches, the seventh alone after the 300 ms.
    expect(batchesOf(target).map((batch) => batch.count)).toEqual([3, 3, 1]);
    const log = await deliveriesOf(portal, alpha.cookie, webhook.id);
    expect(log).toHaveLength(3);
    for (const row of log)
      expect(row).toMatchObject({ type: WEBHOOK_BATCH_TYPE, status: 'delivered', attempts: 1 });
    expect(log.map((row) => row.eventCount).sort()).toEqual([1, 3, 3]);
    expect(log.map((row) => row.eventId).sort()).toEqual(
      batchesOf(target)
        .map((batch) => batch.id)
        .sort(),
    );

    // The test event goes to a batched webhook as a batch of one.
    const test = await injectAs(portal, alpha.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(test.json()).toMatchObject({ type: WEBHOOK_BATCH_TYPE, eventCount: 1, status: 'delivered' });
    const last = batchesOf(target).at(-1)!;
    expect(last).toMatchObject({ count: 1, events: [{ type: 'webhook.test' }] });
  });

  it('tries a batch again as a whole after a 500: the same id, body and events, none lost or repeated beyond the retry', async () => {
    const target = await receiver([500, 200]);
    const { webhook, secret } = await createWebhook(portal, alpha.cookie, target.url, {
      batch: { maxEvents: 5, maxWaitMs: 200 },
    });
    await emitUnlocks(5, 100);
    const delivered = await waitFor(async () => {
      const [row] = await deliveriesOf(portal, alpha.cookie, webhook.id);
      return row?.status === 'delivered' ? row : null;
    }, 15_000);
    expect(delivered).toMatchObject({
      type: WEBHOOK_BATCH_TYPE,
      eventCount: 5,
      attempts: 2,
      responseCode: 200,
    });
    expect(await deliveriesOf(portal, alpha.cookie, webhook.id)).toHaveLength(1);
    expect(target.received).toHaveLength(2);
    const [first, retry] = target.received;
    expect(retry!.body).toBe(first!.body);
    expect(retry!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(retry!.headers['webhook-id']).toBe(delivered.eventId);
    expect(verifySignature(secret, retry!.headers, retry!.body)).toBe(true);
    const [batch] = batchesOf(target);
    expect(batch!.events.map((event) => event.data.seq).sort()).toEqual([100, 101, 102, 103, 104]);
  });

  it('goes back to one event a request when the batch is removed', async () => {
    const target = await receiver();
    const { webhook } = await createWebhook(portal, alpha.cookie, target.url, {
      batch: { maxEvents: 10, maxWaitMs: 100 },
    });
    const put = await injectAs(portal, alpha.cookie, 'PUT', `/api/webhooks/${webhook.id}`, {
      payload: { batch: null },
    });
    expect((put.json() as Webhook).batch).toBeNull();
    await emitUnlocks(2, 200);
    await waitFor(async () => target.received.length >= 2);
    expect(target.received.map((hit) => JSON.parse(hit.body).type)).toEqual([
      'lock.unlocked',
      'lock.unlocked',
    ]);
    const log = await deliveriesOf(portal, alpha.cookie, webhook.id);
    expect(log.map((row) => [row.type, row.eventCount])).toEqual([
      ['lock.unlocked', 1],
      ['lock.unlocked', 1],
    ]);
  });

  it('disables a webhook whose every attempt failed for the window, mails its users, and enables it again', async () => {
    const owner = await customer(portal, 'Failing');
    const bystander = await customer(
      portal,
      'Bystander',
      [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
      owner.tenant.id,
    );
    const target = await receiver([500]);
    const { webhook } = await createWebhook(portal, owner.cookie, target.url, { name: 'Always failing' });
    await injectAs(portal, owner.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    const disabled = await waitFor(async () => {
      const row = (
        await injectAs(portal, owner.cookie, 'GET', `/api/webhooks/${webhook.id}`)
      ).json() as Webhook;
      return row.enabled ? null : row;
    }, 20_000);
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.consecutiveFailures).toBeGreaterThanOrEqual(2);
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(portal, owner.cookie, webhook.id);
      return rows[0]?.status === 'failed' ? rows : null;
    });
    expect(delivery!.attempts).toBeGreaterThanOrEqual(2);
    const mails = await portal.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body'])
      .where('subject', '=', 'Webhook "Always failing" was disabled')
      .execute();
    expect(mails.map((m) => m.recipient)).toEqual([owner.email]);
    expect(mails[0]!.body).toContain(target.url);
    expect(mails.map((m) => m.recipient)).not.toContain(bystander.email);

    // Disabled: no test event; enabled again, the count starts again and deliveries go out.
    const refused = await injectAs(portal, owner.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(webhookMessages.notEnabled);
    target.answer([200]);
    const enabled = await injectAs(portal, owner.cookie, 'POST', `/api/webhooks/${webhook.id}/enable`);
    expect(enabled.json()).toMatchObject({
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      consecutiveFailures: 0,
    });
    const test = await injectAs(portal, owner.cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    expect(test.json()).toMatchObject({ status: 'delivered' });
  });
});

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
    ) =>
      portal.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}` },
        ...(payload ? { payload } : {}),
      });
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
