import { randomBytes } from 'node:crypto';
import {
  DEFAULT_PERMISSIONS,
  type LockUser,
  lockUserPasswordMessages,
  resetLinkMessages,
  throttleMessage,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomTag,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';
import { verifyPassword } from '../../lib/crypto.ts';

const WRITER = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_USER_READ', 'IOT_USER_WRITE'];
const READER = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_USER_READ'];
const LINK = /\/#\/lock-user\/reset-password\/([A-Za-z0-9_-]+)/;

describe(`lock-user password links (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaCookie: string;
  let betaCookie: string;
  let readerCookie: string;
  let address = 0;
  // Addresses of this file's own block: throttle counts are per address, and the portal may be shared.
  const block = `10.${randomBytes(1)[0]}`;
  const nextAddress = () => `${block}.${Math.floor(++address / 250)}.${address % 250}`;

  const createUser = async (): Promise<LockUser> => {
    const response = await injectAs(portal, alphaCookie, 'POST', '/api/create-new-iot-lock-user', {
      payload: {
        firstName: 'Lina',
        lastName: 'Lock',
        email: `lina-${randomTag()}@example.com`,
        scopeId: alpha.tenant.id,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ user: LockUser }>().user;
  };
  const resend = (email: string, cookie = alphaCookie, query?: Record<string, string>) =>
    injectAs(portal, cookie, 'POST', `/api/resend-activation-link/emailId/${encodeURIComponent(email)}`, {
      ...(query ? { query } : {}),
    });
  const mails = (email: string) =>
    portal.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('created_at')
      .execute();
  const lastToken = async (email: string) => {
    const rows = await mails(email);
    const token = LINK.exec(rows.at(-1)?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    return token!;
  };
  const reset = (activationCode: string, password: string, confirm = password, remote = nextAddress()) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/lock-user/resetPassword',
      payload: { activationCode, password, confirm_password: confirm },
      remoteAddress: remote,
    });
  const stored = (id: string) =>
    portal.database.db.selectFrom('lock_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'LinkAlpha', { permissions: WRITER });
    const beta = await createCustomerWithUser(portal, 'LinkBeta', { permissions: WRITER });
    const reader = await createCustomerWithUser(portal, 'LinkReader', {
      permissions: READER,
      parentId: alpha.tenant.id,
    });
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
    betaCookie = await signIn(portal, beta.email, beta.password);
    readerCookie = await signIn(portal, reader.email, reader.password);
  });

  it('mails an activation link; the lock user sets the password once, then the link is spent', async () => {
    const user = await createUser();
    const sent = await resend(user.email.toUpperCase());
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      message: lockUserPasswordMessages.activationSent(user.email),
      kind: 'activation',
      sent: 1,
    });
    const [mail] = await mails(user.email);
    expect(mail?.subject).toBe('Activate your lock app account');
    expect(mail?.body).toContain(`${portal.baseUrl}/#/lock-user/reset-password/`);
    const token = await lastToken(user.email);

    // The password rule at its bound: 4 characters refused, 5 accepted; a differing confirmation refused.
    expect((await reset(token, 'ab1c')).statusCode).toBe(400);
    const differ = await reset(token, 'abc12', 'abc13');
    expect(differ.statusCode).toBe(400);
    expect(differ.json()).toMatchObject({ details: [{ message: resetLinkMessages.passwordsDiffer }] });
    expect((await stored(user.id)).password_hash).toBeNull();

    const done = await reset(token, 'abc12');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: lockUserPasswordMessages.passwordSet });
    expect(await verifyPassword((await stored(user.id)).password_hash!, 'abc12')).toBe(true);

    const again = await reset(token, 'other9');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: resetLinkMessages.lockUserInvalid });
    expect(await verifyPassword((await stored(user.id)).password_hash!, 'abc12')).toBe(true);

    // Once a password is set, the same call mails a reset link; the older link is retired by a newer one.
    const second = await resend(user.email);
    expect(second.json()).toMatchObject({
      kind: 'reset',
      message: lockUserPasswordMessages.resetSent(user.email),
    });
    const older = await lastToken(user.email);
    await resend(user.email);
    const newer = await lastToken(user.email);
    expect((await reset(older, 'older1')).statusCode).toBe(401);
    expect((await reset(newer, 'newer1')).statusCode).toBe(200);
    expect(await verifyPassword((await stored(user.id)).password_hash!, 'newer1')).toBe(true);
  });

  it('an activation link lasts 7 days and a reset link 1 hour: good 1 ms before, expired at the bound', async () => {
    const user = await createUser();
    const linkOf = async (token: string) =>
      portal.database.db
        .selectFrom('one_time_links')
        .select('expires_at')
        .where('subject_id', '=', user.id)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow()
        .then((row) => ({ token, expiresAt: new Date(row.expires_at) }));
    const checkBounds = async (ttlMs: number, validity: string) => {
      const before = Date.now();
      expect((await resend(user.email)).statusCode).toBe(200);
      const after = Date.now();
      expect((await mails(user.email)).at(-1)?.body).toContain(validity);
      const link = await linkOf(await lastToken(user.email));
      expect(link.expiresAt.getTime()).toBeGreaterThanOrEqual(before + ttlMs);
      expect(link.expiresAt.getTime()).toBeLessThanOrEqual(after + ttlMs);
      const use = (at: number) =>
        portal.services.passwords.consumeLockUserResetLink(link.token, async () => 'used', new Date(at));
      await expect(use(link.expiresAt.getTime())).rejects.toMatchObject({
        code: 'GONE',
        message: resetLinkMessages.lockUserExpired,
      });
      await expect(use(link.expiresAt.getTime() - 1)).resolves.toBe('used');
    };
    await checkBounds(7 * 24 * 3600_000, '7 days');
    await portal.database.db
      .updateTable('lock_users')
      .set({ password_hash: 'set-elsewhere' })
      .where('id', '=', user.id)
      .execute();
    await checkBounds(3600_000, '1 hour');
  });

  it('two concurrent uses of one link set the password once', async () => {
    const user = await createUser();
    await resend(user.email);
    const token = await lastToken(user.email);
    const answers = await Promise.all([reset(token, 'first1'), reset(token, 'second2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an expired link (410), an unknown one (404), and a portal reset with it', async () => {
    const user = await createUser();
    await resend(user.email);
    const token = await lastToken(user.email);
    const portalReset = await portal.app.inject({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { activationCode: token, password: 'abc12', confirm_password: 'abc12' },
      remoteAddress: nextAddress(),
    });
    expect(portalReset.statusCode).toBe(404);
    await portal.database.db
      .updateTable('one_time_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('subject_id', '=', user.id)
      .execute();
    const expired = await reset(token, 'abc12');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: resetLinkMessages.lockUserExpired });
    const unknown = await reset('made-up-token', 'abc12');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: resetLinkMessages.lockUserInvalid });
    expect((await stored(user.id)).password_hash).toBeNull();
  });

  it('a link of a user deleted since is not used and sets nothing', async () => {
    const user = await createUser();
    await resend(user.email);
    const token = await lastToken(user.email);
    const removed = await injectAs(
      portal,
      alphaCookie,
      'DELETE',
      `/api/delete-iot-device-user/userId/${user.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await reset(token, 'abc12')).statusCode).toBe(404);
  });

  it('walls: another customer, a scope outside reach and a reader get nothing, and nothing is mailed', async () => {
    const user = await createUser();
    const foreign = await resend(user.email, betaCookie);
    expect(foreign.statusCode).toBe(404);
    const outside = await resend(user.email, alphaCookie, {
      scopeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(outside.statusCode).toBe(404);
    expect((await resend(user.email, readerCookie)).statusCode).toBe(403);
    expect(await mails(user.email)).toEqual([]);
    const anonymous = await portal.app.inject({
      method: 'POST',
      url: `/api/resend-activation-link/emailId/${user.email}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('throttles: the 6th link for one address within the window answers 429 and mails nothing more', async () => {
    const user = await createUser();
    for (let i = 1; i <= 5; i++) expect((await resend(user.email)).statusCode).toBe(200);
    const sixth = await resend(user.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'RATE_LIMITED', message: throttleMessage });
    expect((await mails(user.email)).length).toBe(5);
  });

  it('throttles guesses of links from one address', async () => {
    const remote = `${block}.255.1`;
    for (let i = 1; i <= 5; i++)
      expect((await reset(`guess-${i}`, 'abc12', 'abc12', remote)).statusCode).toBe(404);
    expect((await reset('guess-6', 'abc12', 'abc12', remote)).statusCode).toBe(429);
  });
});
