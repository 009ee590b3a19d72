import { TRUST_PERIODS_MS, throttleMessage, twoFactorMessages } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal } from '../../../test/harness.ts';
import { digest } from '../../lib/crypto.ts';
import { base32Decode, totpAt } from '../../lib/totp.ts';
import { LOGIN_CHALLENGE_TTL_MS } from './sessions.service.ts';
import {
  addTwoFactorUser,
  codeFor,
  enableTwoFactor,
  forgetUsedCodes,
  login,
  randomKey,
  sessionCookie,
  sharedTwoFactorPortal,
  trustedDevices,
  userRow,
  verifyCode,
  wrongCodeFor,
} from './test-helpers.ts';

describe(`two-factor authentication (${backend} backend)`, () => {
  let portal: TestPortal;
  let tenantId: string;
  let addressNumber = 0;
  /** Tests that provoke failures use an address of their own, so no other test is locked out. */
  const freshAddress = () => `10.1.0.${++addressNumber}`;

  beforeAll(async () => {
    ({ portal, tenantId } = await sharedTwoFactorPortal());
  });

  const details = (cookie: string) => injectAs(portal, cookie, 'GET', '/api/user-details');
  const challengeRow = (key: string) =>
    portal.database.db
      .selectFrom('login_challenges')
      .selectAll()
      .where('key_hash', '=', digest(key))
      .executeTakeFirst();

  describe('sign-in', () => {
    it('asks for a code and opens no session; a valid code opens it and records the login', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      const first = await login(portal, user, { key, fingerprint: 'fp-laptop' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ result: 'secureAuthentication' });
      expect(first.cookies).toHaveLength(0);

      const second = await verifyCode(portal, { email: user.email, code: codeFor(user.secret, 1) }, { key });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ result: 'authenticated' });
      const cookie = sessionCookie(second)!;
      expect(second.cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const me = await details(cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ email: user.email, secureAuthentication: true });

      // Sessions opened: the one that set 2FA up, and this one.
      const logins = (await portal.services.activities.listForUser(user.id)).filter(
        (a) => a.kind === 'login',
      );
      expect(logins).toHaveLength(2);
      // The challenge is used up.
      expect(await challengeRow(key)).toBeUndefined();
    });

    it('refuses a wrong code with the spec text', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      const address = freshAddress();
      await login(portal, user, { key, address });
      const wrong = await verifyCode(
        portal,
        { email: user.email, code: wrongCodeFor(user.secret) },
        { key, address },
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ code: 'UNAUTHORIZED', message: twoFactorMessages.incorrectCode });
      expect(wrong.cookies).toHaveLength(0);
    });

    it('takes exactly 6 digits: 5 and 7 refused, 6 accepted', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      await login(portal, user, { key });
      const code = codeFor(user.secret, 1);
      for (const bad of [code.slice(1), `${code}0`, 'abcdef']) {
        const response = await verifyCode(portal, { email: user.email, code: bad }, { key });
        expect(response.statusCode).toBe(400);
        expect(JSON.stringify(response.json().details)).toContain(twoFactorMessages.incorrectCode);
      }
      const good = await verifyCode(portal, { email: user.email, code }, { key });
      expect(good.statusCode).toBe(200);
    });

    it('accepts a code once: the same code again is refused, and so is the code that enabled 2FA', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const address = freshAddress();
      // The code that turned 2FA on, already used: of the step stored then (a step may have ended since).
      const enabledAt = (await userRow(portal, user.id))!.totp_last_step!;
      const enablingCode = totpAt(base32Decode(user.secret), enabledAt);
      const key0 = randomKey();
      await login(portal, user, { key: key0, address });
      const replayedSetup = await verifyCode(
        portal,
        { email: user.email, code: enablingCode },
        { key: key0, address },
      );
      expect(replayedSetup.statusCode).toBe(401);
      expect(replayedSetup.json().message).toBe(twoFactorMessages.incorrectCode);

      const code = codeFor(user.secret, 1);
      const first = await verifyCode(portal, { email: user.email, code }, { key: key0, address });
      expect(first.statusCode).toBe(200);
      const key1 = randomKey();
      await login(portal, user, { key: key1, address });
      const replay = await verifyCode(portal, { email: user.email, code }, { key: key1, address });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe(twoFactorMessages.incorrectCode);
    });

    it("refuses the code step for another account's e-mail and for a key without a challenge", async () => {
      const owner = await addTwoFactorUser(portal, tenantId);
      const other = await addTwoFactorUser(portal, tenantId);
      const address = freshAddress();
      const key = randomKey();
      await login(portal, owner, { key, address });
      const foreign = await verifyCode(
        portal,
        { email: other.email, code: codeFor(other.secret, 1) },
        { key, address },
      );
      expect(foreign.statusCode).toBe(401);
      expect(foreign.cookies).toHaveLength(0);
      const noChallenge = await verifyCode(
        portal,
        { email: owner.email, code: codeFor(owner.secret, 1) },
        { key: randomKey(), address },
      );
      expect(noChallenge.statusCode).toBe(401);
      // The challenge still belongs to its owner, who completes it.
      const own = await verifyCode(
        portal,
        { email: owner.email, code: codeFor(owner.secret, 1) },
        { key, address },
      );
      expect(own.statusCode).toBe(200);
    });

    it('lets a challenge live 5 minutes', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      const before = Date.now();
      await login(portal, user, { key });
      const row = await challengeRow(key);
      expect(row!.expires_at.getTime()).toBeGreaterThanOrEqual(before + LOGIN_CHALLENGE_TTL_MS - 1000);
      expect(row!.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + LOGIN_CHALLENGE_TTL_MS);
      expect(LOGIN_CHALLENGE_TTL_MS).toBe(5 * 60_000);

      await portal.database.db
        .updateTable('login_challenges')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', user.id)
        .execute();
      const late = await verifyCode(portal, { email: user.email, code: codeFor(user.secret, 1) }, { key });
      expect(late.statusCode).toBe(401);
      expect(late.cookies).toHaveLength(0);
    });

    it('ends a challenge after 5 wrong codes', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      await login(portal, user, { key });
      const wrong = wrongCodeFor(user.secret);
      // A new address for every try: only the challenge's own count (and the account's) add up.
      for (let attempt = 1; attempt <= 4; attempt++) {
        const response = await verifyCode(
          portal,
          { email: user.email, code: wrong },
          { key, address: freshAddress() },
        );
        expect(response.statusCode).toBe(401);
        expect(await challengeRow(key)).toBeDefined();
      }
      const fifth = await verifyCode(
        portal,
        { email: user.email, code: wrong },
        { key, address: freshAddress() },
      );
      expect(fifth.statusCode).toBe(401);
      expect(await challengeRow(key)).toBeUndefined();
      // The right code cannot revive it (the account is paused as well).
      const right = await verifyCode(
        portal,
        { email: user.email, code: codeFor(user.secret, 1) },
        { key, address: freshAddress() },
      );
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(throttleMessage);
    });
  });

  describe('trusted devices', () => {
    const codeLogin = async (
      user: Awaited<ReturnType<typeof addTwoFactorUser>>,
      fingerprint: string,
      expireTime?: string,
    ) => {
      const key = randomKey();
      const first = await login(portal, user, { key, fingerprint });
      expect(first.json()).toEqual({ result: 'secureAuthentication' });
      await forgetUsedCodes(portal, user.id);
      const response = await verifyCode(
        portal,
        { email: user.email, code: codeFor(user.secret) },
        { key, expireTime },
      );
      expect(response.statusCode).toBe(200);
    };
    const trustedUntil = async (userId: string) =>
      (await trustedDevices(portal, userId)).map((d) => d.expires_at.getTime());

    it('trusts the device 1 day by default, 30 days when asked, and skips the code until then', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const start = Date.now();
      await codeLogin(user, 'fp-one-day');
      const [oneDay] = await trustedUntil(user.id);
      expect(oneDay).toBeGreaterThanOrEqual(start + TRUST_PERIODS_MS['1D'] - 1000);
      expect(oneDay).toBeLessThanOrEqual(Date.now() + TRUST_PERIODS_MS['1D']);

      const trusted = await login(portal, user, { fingerprint: 'fp-one-day' });
      expect(trusted.json()).toEqual({ result: 'authenticated' });
      expect((await details(sessionCookie(trusted)!)).statusCode).toBe(200);
      // Another device still needs the code.
      expect((await login(portal, user, { fingerprint: 'fp-other' })).json()).toEqual({
        result: 'secureAuthentication',
      });
      // So does a sign-in without a fingerprint.
      expect((await login(portal, user)).json()).toEqual({ result: 'secureAuthentication' });

      await codeLogin(user, 'fp-thirty-days', '30D');
      const until = await trustedUntil(user.id);
      expect(until).toHaveLength(2);
      const thirtyDays = Math.max(...until);
      expect(thirtyDays).toBeGreaterThanOrEqual(start + TRUST_PERIODS_MS['30D'] - 1000);
      expect(thirtyDays).toBeLessThanOrEqual(Date.now() + TRUST_PERIODS_MS['30D']);

      // Past its expiry the device needs the code again.
      await portal.database.db
        .updateTable('trusted_devices')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', user.id)
        .execute();
      expect((await login(portal, user, { fingerprint: 'fp-one-day' })).json()).toEqual({
        result: 'secureAuthentication',
      });
    });

    it('refuses a trust period other than 1D and 30D', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const key = randomKey();
      await login(portal, user, { key, fingerprint: 'fp-x' });
      const response = await verifyCode(
        portal,
        { email: user.email, code: codeFor(user.secret, 1) },
        { key, expireTime: '7D' },
      );
      expect(response.statusCode).toBe(400);
      expect(await trustedDevices(portal, user.id)).toHaveLength(0);
    });

    it('is revoked when 2FA is set up again and when it is disabled', async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      await codeLogin(user, 'fp-revoke');
      expect(await trustedDevices(portal, user.id)).toHaveLength(1);
      const trusted = await login(portal, user, { fingerprint: 'fp-revoke' });
      const cookie = sessionCookie(trusted)!;

      const secret = await enableTwoFactor(portal, cookie, user.email);
      expect(await trustedDevices(portal, user.id)).toHaveLength(0);
      expect((await login(portal, user, { fingerprint: 'fp-revoke' })).json()).toEqual({
        result: 'secureAuthentication',
      });

      await codeLogin({ ...user, secret }, 'fp-revoke');
      expect(await trustedDevices(portal, user.id)).toHaveLength(1);
      const disable = await portal.app.inject({
        method: 'DELETE',
        url: `/api/disableTwoFA/user?email=${encodeURIComponent(user.email)}`,
        headers: { cookie },
        payload: { password: user.password },
      });
      expect(disable.statusCode).toBe(200);
      expect(await trustedDevices(portal, user.id)).toHaveLength(0);
    });
  });
});
