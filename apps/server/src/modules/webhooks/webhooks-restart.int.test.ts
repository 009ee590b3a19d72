import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PERMISSIONS,
  WEBHOOK_BATCH_TYPE,
  type WebhookBatchPayload,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '@portal/contract';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  endBrokerSessions,
  injectAs,
  REAL_MQTT,
  signIn,
  testEnvironment,
  waitFor,
} from '../../../test/harness.ts';
import { startReceiver, verifySignature } from '../../../test/webhook-receiver.ts';
import { buildApp, type Portal } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/**
 * A delivery whose first attempt failed (the receiver answered 500), its portal stopped before the retry: the next
 * portal on the same database delivers it (the job queue kept the retry, lib/jobs.ts).
 */
describe(`webhook delivery across a portal restart (${backend} backend)`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function portal(env: Record<string, string>): Promise<Portal> {
    const config = loadConfig({
      ...env,
      OUTBOUND_ALLOW_NETWORKS: '127.0.0.1/32',
      WEBHOOK_RETRY_BASE_SECONDS: '3',
    });
    return buildApp(config, pino({ level: 'silent' }));
  }

  it('keeps the retry of a failed delivery across the stop and delivers it from the next portal', async () => {
    const { env, cleanup } = await testEnvironment();
    cleanups.push(cleanup);
    const receiver = await startReceiver([500]);
    cleanups.push(() => receiver.close());

    const first = await portal(env);
    const { tenant, email, password } = await createCustomerWithUser(first, 'Restart', {
      permissions: [...DEFAULT_PERMISSIONS, 'WEBHOOK_WRITE'],
    });
    const cookie = await signIn(first, email, password);
    const created = await injectAs(first, cookie, 'POST', '/api/webhooks', {
      payload: { name: 'Restart', url: receiver.url, eventTypes: ['gateway.online'] },
    });
    const { webhook, secret } = created.json() as WebhookWithSecret;
    const test = await injectAs(first, cookie, 'POST', `/api/webhooks/${webhook.id}/test`);
    const failed = test.json() as WebhookDelivery;
    expect(failed).toMatchObject({ status: 'retrying', attempts: 1, responseCode: 500 });
    await first.app.close();
    expect(receiver.received).toHaveLength(1);

    receiver.answer([200]);
    const second = await portal(env);
    cleanups.push(() => second.app.close());
    const delivered = await waitFor(async () => {
      const row = await second.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', failed.id)
        .executeTakeFirstOrThrow();
      return row.status === 'delivered' ? row : null;
    }, 20_000);
    expect(delivered).toMatchObject({ attempts: 2, response_code: 200, error: null });
    expect(receiver.received).toHaveLength(2);
    const [, retry] = receiver.received;
    expect(retry!.headers['webhook-id']).toBe(failed.eventId);
    expect(JSON.parse(retry!.body)).toMatchObject({ customerId: tenant.id, type: 'webhook.test' });
    expect(verifySignature(secret, retry!.headers, retry!.body)).toBe(true);
  });

  it('delivers, once, the pending deliveries a stopped instance never sent: the sweep of another instance claims them', async () => {
    const { env, cleanup } = await testEnvironment();
    cleanups.push(cleanup);
    const receiver = await startReceiver([204]);
    cleanups.push(() => receiver.close());

    const first = await portal(env);
    const { tenant, email, password } = await createCustomerWithUser(first, 'Sweep', {
      permissions: [...DEFAULT_PERMISSIONS, 'WEBHOOK_WRITE'],
    });
    const cookie = await signIn(first, email, password);
    const created = await injectAs(first, cookie, 'POST', '/api/webhooks', {
      payload: { name: 'Sweep', url: receiver.url, eventTypes: ['lock.unlocked'] },
    });
    const { webhook, secret } = created.json() as WebhookWithSecret;
    // What an instance killed before its first attempts leaves: pending rows whose claim ran out (three), and one
    // whose claim still runs (its instance may still send it: left alone).
    const now = Date.now();
    const row = (claimEndsAt: number) => {
      const eventId = randomUUID();
      return {
        webhook_id: webhook.id,
        event_id: eventId,
        type: 'lock.unlocked',
        body: JSON.stringify({
          id: eventId,
          type: 'lock.unlocked',
          occurredAt: new Date(now).toISOString(),
          customerId: tenant.id,
          data: { lockId: 'l1', lockName: 'Front door' },
        }),
        created_at: new Date(now - 3 * 60_000),
        next_attempt_at: new Date(claimEndsAt),
      };
    };
    const overdue = [row(now - 1000), row(now - 60_000), row(now - 1)];
    const held = row(now + 10 * 60_000);
    await first.database.db
      .insertInto('webhook_deliveries')
      .values([...overdue, held])
      .execute();
    await first.app.close();
    expect(receiver.received).toHaveLength(0);

    // The next instances (two at once on PostgreSQL) sweep at start.
    const next = await Promise.all(
      (backend === 'real' ? ['a', 'b'] : ['a']).map(async (tag) => {
        const clientId = env.MQTT_CLIENT_ID ? `${env.MQTT_CLIENT_ID}-${tag}` : undefined;
        const instance = await portal({ ...env, ...(clientId ? { MQTT_CLIENT_ID: clientId } : {}) });
        cleanups.push(async () => {
          await instance.app.close();
          if (clientId) await endBrokerSessions(REAL_MQTT, clientId, instance.config.MQTT_CONSUMERS);
        });
        return instance;
      }),
    );
    const db = next[0]!.database.db;
    await waitFor(async () => {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select('status')
        .where('webhook_id', '=', webhook.id)
        .where('status', '=', 'delivered')
        .execute();
      return rows.length === overdue.length ? rows : null;
    }, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const sent = receiver.received.map((hit) => String(hit.headers['webhook-id']));
    expect(sent.sort()).toEqual(overdue.map((r) => r.event_id).sort());
    for (const hit of receiver.received) expect(verifySignature(secret, hit.headers, hit.body)).toBe(true);
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'status', 'attempts', 'response_code', 'next_attempt_at'])
      .where('webhook_id', '=', webhook.id)
      .execute();
    for (const r of overdue)
      expect(rows.find((x) => x.event_id === r.event_id)).toMatchObject({
        status: 'delivered',
        attempts: 1,
        response_code: 204,
        next_attempt_at: null,
      });
    expect(rows.find((x) => x.event_id === held.event_id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it("hands a stopping instance's open batch to the next instance, which delivers every event once, batched and signed", async () => {
    const { env, cleanup } = await testEnvironment();
    cleanups.push(cleanup);
    const receiver = await startReceiver([204]);
    cleanups.push(() => receiver.close());

    const first = await portal(env);
    const { tenant, email, password } = await createCustomerWithUser(first, 'Batch', {
      permissions: [...DEFAULT_PERMISSIONS, 'WEBHOOK_WRITE'],
    });
    const cookie = await signIn(first, email, password);
    const created = await injectAs(first, cookie, 'POST', '/api/webhooks', {
      payload: {
        name: 'Batch',
        url: receiver.url,
        eventTypes: ['lock.unlocked'],
        batch: { maxEvents: 4, maxWaitMs: 10_000 },
      },
    });
    const { webhook, secret } = created.json() as WebhookWithSecret;
    // Ten events: two full batches of 4 go at once, the last 2 wait in an open batch (10 s) when the portal stops.
    await Promise.all(
      Array.from({ length: 10 }, (_, seq) =>
        first.events.emit('notable', {
          tenantId: tenant.id,
          type: 'lock.unlocked',
          occurredAt: Date.now(),
          data: { seq, lockName: 'Front door' },
        }),
      ),
    );
    await first.app.close();

    const second = await portal(env);
    cleanups.push(() => second.app.close());
    const seqs = () =>
      receiver.received.flatMap((hit) =>
        (JSON.parse(hit.body) as WebhookBatchPayload).events.map((event) => event.data.seq as number),
      );
    // The open batch's events are swept at the start and wait for their new batch to close (its 10 s).
    await waitFor(async () => seqs().length >= 10, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seqs().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const hit of receiver.received) {
      expect(verifySignature(secret, hit.headers, hit.body)).toBe(true);
      const batch = JSON.parse(hit.body) as WebhookBatchPayload;
      expect(batch).toMatchObject({ type: WEBHOOK_BATCH_TYPE, count: batch.events.length });
      expect(batch.count).toBeLessThanOrEqual(4);
    }
    const rows = await second.database.db
      .selectFrom('webhook_deliveries')
      .select(['type', 'status', 'event_count'])
      .where('webhook_id', '=', webhook.id)
      .execute();
    expect(rows.every((row) => row.type === WEBHOOK_BATCH_TYPE && row.status === 'delivered')).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.event_count, 0)).toBe(10);
  }, 40_000);
});
