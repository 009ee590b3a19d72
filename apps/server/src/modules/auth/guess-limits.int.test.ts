import { LOGIN_THROTTLE, passwordMessages, throttleMessage, twoFactorMessages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, createCustomerWithUser, startPortal, type TestPortal } from '../../../test/harness.ts';
import { digest, hashPassword } from '../../lib/crypto.ts';
import {
  addTwoFactorUser,
  addUser,
  burst,
  codeFor,
  enableTwoFactor,
  forgetUsedCodes,
  type HttpOptions,
  login,
  randomKey,
  sendJson,
  sessionCookie,
  userRow,
  wrongCodeFor,
} from './test-helpers.ts';

// Issue 12, points 1 and 2: guess limits that hold for concurrent requests (real HTTP, 100 requests in
// flight), and strangers behind one address (TRUST_PROXY, X-Forwarded-For) who do not lock each other out.

const BURST = 100;
const { maxAttempts } = LOGIN_THROTTLE;

describe(`guess limits under concurrency (${backend} backend)`, () => {
  let portal: TestPortal;
  let tenantId: string;
  /** Each test guesses from client addresses of its own (X-Forwarded-For, believed from 127.0.0.1). */
  let addressNumber = 0;
  const freshAddress = () => `198.51.100.${++addressNumber}`;

  beforeAll(async () => {
    portal = await startPortal({ TRUST_PROXY: '127.0.0.1' });
    tenantId = (await createCustomerWithUser(portal, 'Guess')).tenant.id;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const send = (path: string, body: unknown, options: HttpOptions = {}, baseUrl = portal.baseUrl) =>
    sendJson(baseUrl, path, body, options);
  const signInOverHttp = (email: string, password: string, address?: string, baseUrl?: string) =>
    send(`/api/login/twoFactorKey/${randomKey()}`, { email, password }, { address }, baseUrl);
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  describe('sign-in passwords', () => {
    it('evaluates at most 5 of 100 concurrent sign-ins of one account; the right password inside is refused', async () => {
      const user = await addUser(portal, tenantId);
      const address = freshAddress();
      const statuses = await burst(
        Array.from(
          { length: BURST },
          (_, n) => () => signInOverHttp(user.email, n === 60 ? user.password : `Wrong${n}`, address),
        ),
      );
      // Before the fix all 100 were evaluated (99 answered 401 and the right one 200).
      expect(count(statuses, 401)).toBe(maxAttempts);
      expect(statuses[60]).toBe(429);
      expect(count(statuses, 429)).toBe(BURST - maxAttempts);
      // The account stays paused for the right password too.
      expect((await signInOverHttp(user.email, user.password, freshAddress())).status).toBe(429);
    });

    it('allows the 5th password of a window and refuses the 6th, right or not', async () => {
      const user = await addUser(portal, tenantId);
      for (let n = 1; n <= maxAttempts - 1; n++)
        expect((await signInOverHttp(user.email, 'Wrong1', freshAddress())).status).toBe(401);
      expect((await signInOverHttp(user.email, user.password, freshAddress())).status).toBe(200);

      for (let n = 1; n <= maxAttempts; n++)
        expect((await signInOverHttp(user.email, 'Wrong1', freshAddress())).status).toBe(401);
      expect((await signInOverHttp(user.email, user.password, freshAddress())).status).toBe(429);
    });
  });

  describe('sign-in codes', () => {
    const challengeRow = (key: string) =>
      portal.database.db
        .selectFrom('login_challenges')
        .selectAll()
        .where('key_hash', '=', digest(key))
        .executeTakeFirst();

    it('evaluates at most 5 of 100 concurrent codes on one challenge, then the challenge is gone', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      expect((await login(portal, user, { key })).json()).toEqual({ result: 'secureAuthentication' });
      const wrong = wrongCodeFor(user.secret);
      const right = codeFor(user.secret, 1);
      const address = freshAddress();
      const statuses = await burst(
        Array.from(
          { length: BURST },
          (_, n) => () =>
            send(
              '/api/twoStepVerification',
              { email: user.email, code: n === 60 ? right : wrong },
              { address, headers: { twoFactorKey: key } },
            ),
        ),
      );
      expect(count(statuses, 401)).toBe(maxAttempts);
      expect(statuses[60]).toBe(429);
      expect(count(statuses, 200)).toBe(0);
      expect(await challengeRow(key)).toBeUndefined();
    });

    it('lets the 5th code of a challenge sign in', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      await login(portal, user, { key });
      const verify = (code: string) =>
        send(
          '/api/twoStepVerification',
          { email: user.email, code },
          { address: freshAddress(), headers: { twoFactorKey: key } },
        );
      for (let n = 1; n <= maxAttempts - 1; n++)
        expect((await verify(wrongCodeFor(user.secret))).status).toBe(401);
      expect((await verify(codeFor(user.secret, 1))).status).toBe(200);
    });
  });

  describe('current password of POST /api/changePassword', () => {
    const change = (cookie: string, oldPassword: string, newPassword = 'Changed1') =>
      send('/api/changePassword', { oldPassword, newPassword }, { cookie });

    it('answers the 5th wrong current password with 400 and the 6th, even the right one, with 429', async () => {
      const user = await addUser(portal, tenantId);
      const cookie = sessionCookie(await login(portal, user))!;
      for (let n = 1; n <= maxAttempts; n++) {
        const response = await change(cookie, `Wrong${n}`);
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toBe(passwordMessages.oldIncorrect);
      }
      const sixth = await change(cookie, user.password);
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toEqual({ code: 'RATE_LIMITED', message: throttleMessage });
      // Not changed; and the same count pauses sign-in.
      expect((await login(portal, user)).statusCode).toBe(429);
    });

    it('takes the right current password as the 5th try, and evaluates at most 5 of 100 concurrent ones', async () => {
      const user = await addUser(portal, tenantId);
      const cookie = sessionCookie(await login(portal, user))!;
      for (let n = 1; n <= maxAttempts - 1; n++) expect((await change(cookie, 'Wrong1')).status).toBe(400);
      expect((await change(cookie, user.password)).status).toBe(200);

      const statuses = await burst(
        Array.from(
          { length: BURST },
          (_, n) => () => change(cookie, n === 60 ? 'Changed1' : `Wrong${n}`, 'Changed2'),
        ),
      );
      expect(count(statuses, 400)).toBe(maxAttempts);
      expect(statuses[60]).toBe(429);
    });
  });

  describe('switching 2FA off needs a current code or the password', () => {
    const disable = (cookie: string, email: string, proof?: object) =>
      send(`/api/disableTwoFA/user?email=${encodeURIComponent(email)}`, proof, { method: 'DELETE', cookie });
    const twoFactorOn = async (userId: string) => (await userRow(portal, userId))!.two_factor_enabled;
    /** A user with 2FA on and the session in which they turned it on. */
    async function signedInTwoFactorUser() {
      const user = await addUser(portal, tenantId);
      const cookie = sessionCookie(await login(portal, user))!;
      return { user: { ...user, secret: await enableTwoFactor(portal, cookie, user.email) }, cookie };
    }

    it('refuses the session alone, a wrong code and a wrong password; a current code turns it off', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      await login(portal, user, { key });
      const signedIn = await send(
        '/api/twoStepVerification',
        { email: user.email, code: codeFor(user.secret, 1) },
        { headers: { twoFactorKey: key } },
      );
      const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;

      for (const proof of [undefined, {}, { code: '12345' }, { code: '123456', password: user.password }]) {
        expect((await disable(cookie, user.email, proof)).status, JSON.stringify(proof)).toBe(400);
      }
      const wrongCode = await disable(cookie, user.email, { code: wrongCodeFor(user.secret) });
      expect(wrongCode.status).toBe(400);
      expect(((await wrongCode.json()) as { message: string }).message).toBe(twoFactorMessages.incorrectCode);
      const wrongPassword = await disable(cookie, user.email, { password: 'Wrong1' });
      expect(wrongPassword.status).toBe(400);
      expect(((await wrongPassword.json()) as { message: string }).message).toBe(
        twoFactorMessages.wrongPassword,
      );
      // The code that signed in is used up.
      expect((await disable(cookie, user.email, { code: codeFor(user.secret, 1) })).status).toBe(400);
      expect(await twoFactorOn(user.id)).toBe(true);

      await forgetUsedCodes(portal, user.id);
      const right = await disable(cookie, user.email, { code: codeFor(user.secret) });
      expect(right.status).toBe(200);
      expect(await right.json()).toEqual({ message: twoFactorMessages.disabled });
      expect(await twoFactorOn(user.id)).toBe(false);
    });

    it('counts wrong codes and passwords like sign-in guesses: the 6th try is refused, right or not', async () => {
      const { user, cookie } = await signedInTwoFactorUser();
      for (let n = 1; n <= maxAttempts; n++) {
        const proof = n % 2 ? { password: `Wrong${n}` } : { code: wrongCodeFor(user.secret) };
        expect((await disable(cookie, user.email, proof)).status).toBe(400);
      }
      const sixth = await disable(cookie, user.email, { password: user.password });
      expect(sixth.status).toBe(429);
      expect(((await sixth.json()) as { message: string }).message).toBe(throttleMessage);
      expect(await twoFactorOn(user.id)).toBe(true);
    });

    it("lets an owner turn another user's 2FA off with the owner's own password, not the user's", async () => {
      const target = await addTwoFactorUser(portal, tenantId);
      const owner = await addUser(portal, tenantId, { owner: true });
      await portal.database.db
        .updateTable('users')
        .set({ password_hash: await hashPassword('OwnerPass1') })
        .where('id', '=', owner.id)
        .execute();
      const cookie = sessionCookie(await login(portal, { email: owner.email, password: 'OwnerPass1' }))!;
      expect((await disable(cookie, target.email)).status).toBe(400);
      expect((await disable(cookie, target.email, { password: target.password })).status).toBe(400);
      expect((await disable(cookie, target.email, { code: codeFor(target.secret, 1) })).status).toBe(400);
      expect(await twoFactorOn(target.id)).toBe(true);
      expect((await disable(cookie, target.email, { password: 'OwnerPass1' })).status).toBe(200);
      expect(await twoFactorOn(target.id)).toBe(false);
    });
  });
});
