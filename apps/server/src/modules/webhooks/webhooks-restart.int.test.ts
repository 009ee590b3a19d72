import { DEFAULT_PERMISSIONS, type WebhookDelivery, type WebhookWithSecret } from '@portal/contract';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
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
});
