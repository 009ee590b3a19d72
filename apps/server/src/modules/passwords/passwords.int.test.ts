import {
  forgotPasswordMessages,
  passwordMessages,
  resetLinkMessages,
  throttleMessage,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  ROOT_EMAIL,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { type ReceivedMail, startSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { digest } from '../../lib/crypto.ts';

const RESET_LINK = /(\S+)\/#\/reset-password\/([\w-]+)/;

describe(`forgot and reset password over SMTP (${backend} backend)`, () => {
  let smtp: TestSmtp;
  let portal: TestPortal;
  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startPortal({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  // Every forgot-password request counts per client address: most requests come from an address of their own.
  let addresses = 0;
  const nextAddress = () => `10.20.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  const forgot = (email: string, remoteAddress = nextAddress()) =>
    portal.app.inject({ method: 'POST', url: '/api/forgotPassword', payload: { email }, remoteAddress });

  const reset = (activationCode: string, password = 'NewPass1', confirm = password) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { password, activationCode, confirm_password: confirm },
    });

  const login = (email: string, password: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/login/twoFactorKey/k',
      payload: { email, password },
      remoteAddress: nextAddress(),
    });

  const tokenOf = (mail: ReceivedMail) => {
    const match = RESET_LINK.exec(mail.text);
    if (!match?.[2]) throw new Error(`no reset link in: ${mail.text}`);
    return match[2];
  };

  /** Asks for a reset link for the address and returns the token of the mail that arrives. */
  async function resetToken(email: string): Promise<string> {
    expect((await forgot(email)).statusCode).toBe(200);
    return tokenOf(await smtp.waitForMessage(email));
  }

  const outboxTo = (email: string) =>
    portal.database.db.selectFrom('outbox').selectAll().where('recipient', '=', email).execute();

  const userByEmail = (email: string) =>
    portal.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('mails a reset link; the link sets the password and signs the user out everywhere', async () => {
    const { email, password } = await createCustomerWithUser(portal, 'Reset');
    const otherSession = await signIn(portal, email, password);
    const user = await userByEmail(email);
    await portal.database.db
      .insertInto('trusted_devices')
      .values({
        user_id: user.id,
        fingerprint_hash: digest('laptop'),
        expires_at: new Date(Date.now() + 3600_000),
      })
      .execute();

    const response = await forgot(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: forgotPasswordMessages.sent });

    const mail = await smtp.waitForMessage(email);
    expect(mail.from).toBe('no-reply@portal.local');
    expect(mail.subject).toBe('Reset your IoT Portal password');
    expect(mail.text).toContain('Hello Reset,');
    expect(mail.text).toContain('The link is good for 1 hour and works once.');
    // Without PUBLIC_URL the link names the portal's own listening address.
    expect(RESET_LINK.exec(mail.text)?.[1]).toBe(portal.baseUrl);

    const done = await reset(tokenOf(mail), 'Fresh@Pass2');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: resetLinkMessages.resetDone });

    const details = await portal.app.inject({
      method: 'GET',
      url: '/api/user-details',
      headers: { cookie: otherSession },
    });
    expect(details.statusCode).toBe(401);
    const devices = await portal.database.db
      .selectFrom('trusted_devices')
      .select('fingerprint_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(devices).toEqual([]);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'Fresh@Pass2')).statusCode).toBe(200);
    const [row] = await waitFor(async () => {
      const rows = await outboxTo(email);
      return rows[0]?.sent_at ? rows : null;
    });
    expect(row).toMatchObject({ channel: 'email', subject: 'Reset your IoT Portal password', attempts: 1 });
  });

  it("never builds a mailed link from the request's Host header", async () => {
    const { email } = await createCustomerWithUser(portal, 'Hosted');
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email },
      headers: { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitForMessage(email);
    expect(mail.text).not.toContain('evil.example');
    expect(RESET_LINK.exec(mail.text)?.[1]).toBe(portal.baseUrl);
  });

  it('answers an unknown address and a social-login account the same, and mails neither', async () => {
    const unknown = 'nobody-here@test.local';
    const { email: social } = await createCustomerWithUser(portal, 'Social');
    await portal.database.db
      .updateTable('users')
      .set({ social_login: true })
      .where('email', '=', social)
      .execute();
    for (const email of [unknown, social]) {
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: forgotPasswordMessages.sent });
      expect(await outboxTo(email)).toEqual([]);
    }
  });

  it('accepts a link once: the second use answers 401 and changes nothing', async () => {
    const { email } = await createCustomerWithUser(portal, 'Twice');
    const token = await resetToken(email);
    expect((await reset(token, 'First1')).statusCode).toBe(200);
    const second = await reset(token, 'Second2');
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ code: 'UNAUTHORIZED', message: resetLinkMessages.unauthorized });
    expect((await login(email, 'First1')).statusCode).toBe(200);
    expect((await login(email, 'Second2')).statusCode).toBe(401);
  });

  it('lets exactly one of two concurrent uses of a link succeed', async () => {
    const { email } = await createCustomerWithUser(portal, 'Race');
    const token = await resetToken(email);
    const answers = await Promise.all([reset(token, 'RaceOne1'), reset(token, 'RaceTwo2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const winner = answers[0]?.statusCode === 200 ? 'RaceOne1' : 'RaceTwo2';
    expect((await login(email, winner)).statusCode).toBe(200);
  });

  it('answers 410 for an expired link', async () => {
    const { email, password } = await createCustomerWithUser(portal, 'Expired');
    const token = await resetToken(email);
    await portal.database.db
      .updateTable('one_time_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', digest(token))
      .execute();
    const response = await reset(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ code: 'GONE', message: resetLinkMessages.expired });
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('answers 404 for a link that never existed and for a lock-user link', async () => {
    const lockUserToken = await portal.services.passwords.issueLockUserResetLink('lock-user-404');
    for (const token of ['made-up-token', lockUserToken]) {
      const response = await reset(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: resetLinkMessages.invalid });
    }
  });

  it('retires the earlier link when a new one is asked for', async () => {
    const { email } = await createCustomerWithUser(portal, 'Again');
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect((await reset(first)).statusCode).toBe(401);
    expect((await reset(second, 'Latest1')).statusCode).toBe(200);
    expect((await login(email, 'Latest1')).statusCode).toBe(200);
  });

  it('keeps the password rule at its bounds and leaves the link usable after a refusal', async () => {
    const { email } = await createCustomerWithUser(portal, 'Rule');
    const token = await resetToken(email);
    for (const password of ['abc1', 'abcdef', '12345', 'abcd1$', 'abcd 1']) {
      const response = await reset(token, password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: '/password', message: passwordMessages.rule }],
      });
    }
    const tooLong = await reset(token, `a1${'b'.repeat(127)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toContainEqual(expect.objectContaining({ path: '/password' }));
    expect((await reset(token, 'abcd1')).statusCode).toBe(200);
    expect((await login(email, 'abcd1')).statusCode).toBe(200);

    const longest = `@&#!1${'x'.repeat(123)}`;
    expect(longest).toHaveLength(128);
    expect((await reset(await resetToken(email), longest)).statusCode).toBe(200);
    expect((await login(email, longest)).statusCode).toBe(200);
  });

  it('refuses a confirmation that differs and a missing link token', async () => {
    const { email } = await createCustomerWithUser(portal, 'Confirm');
    const token = await resetToken(email);
    const differ = await reset(token, 'Match1', 'Match2');
    expect(differ.statusCode).toBe(400);
    expect(differ.json()).toMatchObject({
      details: [{ path: '/confirm_password', message: resetLinkMessages.passwordsDiffer }],
    });
    expect((await reset('', 'Match1')).statusCode).toBe(400);
    expect((await reset(token, 'Match1')).statusCode).toBe(200);
  });

  it('answers 429 to the 6th request for one account within the window, from any address', async () => {
    const { email } = await createCustomerWithUser(portal, 'Flood');
    for (let i = 1; i <= 5; i++) expect((await forgot(email)).statusCode).toBe(200);
    const sixth = await forgot(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'RATE_LIMITED', message: throttleMessage });
    await waitFor(async () => smtp.messages.filter((m) => m.to.includes(email)).length === 5);
    expect((await outboxTo(email)).length).toBe(5);
  });

  it('answers 429 to the 6th request from one address, whatever the account', async () => {
    const address = '10.99.0.1';
    for (let i = 1; i <= 5; i++)
      expect((await forgot(`flood-${i}@test.local`, address)).statusCode).toBe(200);
    const sixth = await forgot('flood-6@test.local', address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'RATE_LIMITED', message: throttleMessage });
    expect((await forgot('flood-6@test.local', '10.99.0.2')).statusCode).toBe(200);
  });

  it('mails a first-password link that makes the account active', async () => {
    const root = await userByEmail(ROOT_EMAIL);
    const user = await portal.database.db
      .insertInto('users')
      .values({
        tenant_id: root.tenant_id,
        email: 'first-password@test.local',
        first_name: 'Newcomer',
        last_name: 'User',
        password_hash: null,
        permissions: [],
        status: 'Invited',
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await portal.services.passwords.sendActivationLink({
      id: user.id,
      email: user.email,
      firstName: 'Newcomer',
    });
    const mail = await smtp.waitForMessage(user.email);
    expect(mail.subject).toBe('Set your IoT Portal password');
    expect(mail.text).toContain('Hello Newcomer,');
    expect(mail.text).toContain('The link is good for 7 days and works once.');
    const token = new RegExp(`${portal.baseUrl}/#/portal-user/reset-password/([\\w-]+)`).exec(mail.text)?.[1];
    expect(token).toBeDefined();

    expect((await reset(token!, 'Welcome1')).statusCode).toBe(200);
    expect((await userByEmail(user.email)).status).toBe('Active');
    expect((await login(user.email, 'Welcome1')).statusCode).toBe(200);
  });

  it('issues and consumes lock-user reset links with their own texts', async () => {
    const { passwords } = portal.services;
    const token = await passwords.issueLockUserResetLink('lock-user-1');
    await expect(
      passwords.consumeLockUserResetLink(token, async () => {
        throw new Error('lock-user update failed');
      }),
    ).rejects.toThrow('lock-user update failed');
    expect(await passwords.consumeLockUserResetLink(token, async (_trx, subjectId) => subjectId)).toBe(
      'lock-user-1',
    );
    await expect(passwords.consumeLockUserResetLink(token, async () => 'again')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: resetLinkMessages.lockUserInvalid,
    });
    await expect(passwords.consumeLockUserResetLink('made-up', async () => 'none')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: resetLinkMessages.lockUserInvalid,
    });

    const expired = await passwords.issueLockUserResetLink('lock-user-2');
    await portal.database.db
      .updateTable('one_time_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', digest(expired))
      .execute();
    await expect(passwords.consumeLockUserResetLink(expired, async () => 'late')).rejects.toMatchObject({
      code: 'GONE',
      message: resetLinkMessages.lockUserExpired,
    });

    // A new link for the lock user retires the earlier one.
    const older = await passwords.issueLockUserResetLink('lock-user-3');
    const newer = await passwords.issueLockUserResetLink('lock-user-3');
    await expect(passwords.consumeLockUserResetLink(older, async () => 'old')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await passwords.consumeLockUserResetLink(newer, async () => 'new')).toBe('new');
  });
});

describe(`forgot password without SMTP (${backend} backend)`, () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal({ PUBLIC_URL: 'https://portal.example.com/' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('keeps the mail in the outbox with a link to PUBLIC_URL that works', async () => {
    const { email } = await createCustomerWithUser(portal, 'Laptop');
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const rows = await portal.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'email',
      subject: 'Reset your IoT Portal password',
      sent_at: null,
    });
    const token = /https:\/\/portal\.example\.com\/#\/reset-password\/([\w-]+)/.exec(
      rows[0]?.body ?? '',
    )?.[1];
    expect(token).toBeDefined();

    const reset = await portal.app.inject({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { password: 'Laptop1', activationCode: token, confirm_password: 'Laptop1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(portal, email, 'Laptop1')).startsWith('sid=')).toBe(true);
  });
});
