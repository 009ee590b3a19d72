import {
  DEFAULT_PERMISSIONS,
  WEBHOOK_BATCH_TYPE,
  type Webhook,
  type WebhookBatchPayload,
  type WebhookDelivery,
  type WebhookWithSecret,
  webhookMessages,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  injectAs,
  randomMac,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { startReceiver, verifySignature } from '../../../test/webhook-receiver.ts';
import { ADMIN, type Customer, createWebhook, customer, deliveriesOf } from './test-helpers.ts';

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
