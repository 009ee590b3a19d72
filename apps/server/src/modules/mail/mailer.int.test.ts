import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backend, startPortal, type TestPortal, waitFor } from '../../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { JobQueue } from '../../lib/jobs.ts';
import { Mailer, type MailerOptions } from './mailer.ts';
import { OutboxRepository } from './outbox.repository.ts';

const FROM = 'IoT Portal <no-reply@portal.local>';
const quiet = pino({ level: 'silent' });

describe(`mail outbox (${backend} backend)`, () => {
  let portal: TestPortal;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    portal = await startPortal();
  });
  // Each test's mailers stop with it: a mailer left working the queue would take the next test's mail.
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A mailer of an instance of its own (its own job queue) on the portal's database, stopped after the test. */
  async function mailer(options: Partial<MailerOptions> = {}, logger = quiet): Promise<Mailer> {
    const jobs = new JobQueue(portal.database, quiet, { pollMs: 500 });
    await jobs.start();
    const instance = new Mailer(
      new OutboxRepository(portal.database.db),
      jobs,
      { from: FROM, ...options },
      logger,
    );
    cleanups.push(async () => {
      await instance.stop();
      await jobs.stop();
    });
    return instance;
  }

  async function smtpServer(port?: number): Promise<TestSmtp> {
    const server = await startSmtp(port);
    cleanups.push(() => server.close());
    return server;
  }

  const outboxTo = (recipient: string) =>
    portal.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', 'like', recipient)
      .orderBy('id')
      .execute();

  it('without SMTP keeps the mail in the outbox and logs recipient, subject and text', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    await (await mailer({}, logger)).send({
      to: 'laptop@test.local',
      subject: 'Reset your IoT Portal password',
      text: 'Open http://localhost:8080/#/reset-password/abc',
    });
    const [row] = await outboxTo('laptop@test.local');
    expect(row).toMatchObject({ channel: 'email', attempts: 0, sent_at: null });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 30,
        to: 'laptop@test.local',
        subject: 'Reset your IoT Portal password',
        text: 'Open http://localhost:8080/#/reset-password/abc',
      }),
    );
  });

  it('delivers over SMTP from MAIL_FROM and marks the row sent', async () => {
    const smtp = await smtpServer();
    const direct = await mailer({ smtpUrl: smtp.url });
    direct.start();
    await direct.send({
      to: 'direct@test.local',
      subject: 'Hello',
      text: 'A line long enough to be wrapped by the quoted-printable encoding of the mail body, and then some: é',
    });
    const mail = await smtp.waitForMessage('direct@test.local');
    expect(mail).toMatchObject({ from: 'no-reply@portal.local', subject: 'Hello' });
    expect(mail.text.trim()).toBe(
      'A line long enough to be wrapped by the quoted-printable encoding of the mail body, and then some: é',
    );
    const [row] = await waitFor(async () => {
      const rows = await outboxTo('direct@test.local');
      return rows[0]?.sent_at ? rows : null;
    });
    expect(row).toMatchObject({ attempts: 1, last_error: null });
  });

  it('stop() waits for a send in flight', async () => {
    const smtp = await smtpServer();
    const instance = await mailer({ smtpUrl: smtp.url });
    instance.start();
    await instance.send({ to: 'inflight@test.local', subject: 'In flight', text: 'Body' });
    // Taken (one attempt counted), not necessarily sent yet: the stop waits for it.
    await waitFor(async () => ((await outboxTo('inflight@test.local'))[0]?.attempts === 1 ? true : null));
    await instance.stop();
    const [row] = await outboxTo('inflight@test.local');
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(smtp.messages.filter((m) => m.to.includes('inflight@test.local'))).toHaveLength(1);
  });

  it('retries a mail the SMTP server was down for, once it is back', async () => {
    const down = await startSmtp();
    await down.close();
    const instance = await mailer({ smtpUrl: down.url, retryBaseMs: 300 });
    instance.start();
    await instance.send({ to: 'retry@test.local', subject: 'Retry', text: 'Body' });
    const [failed] = await waitFor(async () => {
      const rows = await outboxTo('retry@test.local');
      return rows[0]?.last_error ? rows : null;
    });
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });

    const smtp = await smtpServer(down.port);
    expect((await smtp.waitForMessage('retry@test.local')).subject).toBe('Retry');
    const [row] = await waitFor(async () => {
      const rows = await outboxTo('retry@test.local');
      return rows[0]?.sent_at ? rows : null;
    });
    expect(row).toMatchObject({ attempts: 2, last_error: null });
    expect(smtp.messages.filter((m) => m.to.includes('retry@test.local'))).toHaveLength(1);
    await instance.stop();
  });

  it('two instances on one database send each pending mail once', async () => {
    const count = 30;
    const pending = await mailer();
    for (let i = 0; i < count; i++) {
      await pending.send({ to: `batch-${i}@test.local`, subject: `Batch ${i}`, text: 'Body' });
    }
    const smtp = await smtpServer();
    const first = await mailer({ smtpUrl: smtp.url });
    const second = await mailer({ smtpUrl: smtp.url });
    first.start();
    second.start();
    await waitFor(async () => {
      const rows = await outboxTo('batch-%');
      return rows.every((r) => r.sent_at) ? rows : null;
    });
    await first.stop();
    await second.stop();

    const received = smtp.messages.filter((m) => m.to[0]?.startsWith('batch-')).map((m) => m.subject);
    expect(received).toHaveLength(count);
    expect(new Set(received).size).toBe(count);
    const rows = await outboxTo('batch-%');
    expect(rows.map((r) => r.attempts)).toEqual(Array(count).fill(1));
  });
});
