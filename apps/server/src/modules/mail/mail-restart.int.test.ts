import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { backend, testEnvironment, waitFor } from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { buildApp, type Portal } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/**
 * A mail whose first attempt failed (the SMTP server down), its portal stopped before the retry: the next portal on
 * the same database sends it once the server is back (the job queue kept the retry, lib/jobs.ts).
 */
describe(`mail across a portal restart (${backend} backend)`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function portal(env: Record<string, string>, smtpUrl: string): Promise<Portal> {
    const config = loadConfig({ ...env, SMTP_URL: smtpUrl, MAIL_RETRY_BASE_SECONDS: '2' });
    return buildApp(config, pino({ level: 'silent' }));
  }

  it('keeps the retry of a failed mail across the stop and sends it from the next portal', async () => {
    const { env, cleanup } = await testEnvironment();
    cleanups.push(cleanup);
    const down = await startSmtp();
    await down.close();

    const first = await portal(env, down.url);
    const id = await first.services.mailer.send({
      to: 'restart@test.local',
      subject: 'Restart',
      text: 'Body',
    });
    const row = () =>
      first.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const failed = await waitFor(async () => {
      const current = await row();
      return current.last_error ? current : null;
    });
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    await first.app.close();

    const smtp: TestSmtp = await startSmtp(down.port);
    cleanups.push(() => smtp.close());
    const second = await portal(env, down.url);
    cleanups.push(() => second.app.close());
    expect((await smtp.waitForMessage('restart@test.local')).subject).toBe('Restart');
    const sent = await waitFor(async () => {
      const current = await second.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return current.sent_at ? current : null;
    });
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(smtp.messages.filter((m) => m.to.includes('restart@test.local'))).toHaveLength(1);
  });
});
