import {
  DEFAULT_PERMISSIONS,
  live,
  TRUST_PERIODS_MS,
  throttleMessage,
  twoFactorLiveMessage,
  twoFactorMessages,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  connectMqtt,
  createCustomerWithUser,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { digest } from '../../lib/crypto.ts';
import { LOGIN_CHALLENGE_TTL_MS } from './auth.service.ts';
import {
  addTwoFactorUser,
  addUser,
  codeFor,
  enableTwoFactor,
  forgetUsedCodes,
  login,
  randomKey,
  sessionCookie,
  tenantOfKind,
  trustedDevices,
  userRow,
  verifyCode,
  wrongCodeFor,
} from './test-helpers.ts';

const PORTAL_USER_ALL = ['PORTAL_USER_READ', 'PORTAL_USER_WRITE', 'PORTAL_USER_DELETE'];

describe(`two-factor authentication (${backend} backend)`, () => {
  let portal: TestPortal;
  let tenantId: string;
  let addressNumber = 0;
  /** Tests that provoke failures use an address of their own, so no other test is locked out. */
  const freshAddress = () => `10.1.0.${++addressNumber}`;

  beforeAll(async () => {
    portal = await startPortal();
    tenantId = (await createCustomerWithUser(portal, 'Twofa')).tenant.id;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const details = (cookie: string) =>
    portal.app.inject({ method: 'GET', url: '/api/user-details', headers: { cookie } });
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
      // The code that turned 2FA on is of the current step, already used.
      const enablingCode = codeFor(user.secret, 0);
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
      });
      expect(disable.statusCode).toBe(200);
      expect(await trustedDevices(portal, user.id)).toHaveLength(0);
    });
  });

  describe('set-up', () => {
    const clients: MqttClient[] = [];
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
    });

    /** A browser's live connection, collecting the two-factor channel of `scopeId`. */
    async function watchTwoFactor(cookie: string, scopeId: string) {
      const token = await portal.app.inject({ method: 'POST', url: '/api/mqtt-token', headers: { cookie } });
      const credential = token.json() as { username: string; token: string; clientId: string };
      const client = await connectMqtt(`${portal.baseUrl.replace('http', 'ws')}/mqtt`, {
        clientId: credential.clientId,
        username: credential.username,
        password: credential.token,
      });
      clients.push(client);
      const messages: unknown[] = [];
      client.on('message', (_topic, payload) => messages.push(JSON.parse(payload.toString())));
      await client.subscribeAsync(live.twoFactor(scopeId), { qos: 1 });
      return messages;
    }

    it('gives a QR code, the secret and an otpauth URI; the right code turns 2FA on and tells the scope', async () => {
      const user = await addUser(portal, tenantId);
      const cookie = sessionCookie(await login(portal, user))!;
      const messages = await watchTwoFactor(cookie, tenantId);

      const setup = await portal.app.inject({
        method: 'POST',
        url: '/api/getQrCodeUrl',
        headers: { cookie },
        payload: { email: user.email.toUpperCase() },
      });
      expect(setup.statusCode).toBe(200);
      const { qrCodeUrl, secret, otpauthUrl } = setup.json();
      expect(qrCodeUrl).toMatch(/^data:image\/png;base64,/);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toBe(
        `otpauth://totp/IoT%20Portal:${encodeURIComponent(user.email)}?secret=${secret}&issuer=IoT%20Portal&algorithm=SHA1&digits=6&period=30`,
      );
      // Pending only: not on until a code is verified.
      expect((await details(cookie)).json().user.secureAuthentication).toBe(false);
      expect((await login(portal, user)).json()).toEqual({ result: 'authenticated' });

      const enable = (code: string) =>
        portal.app.inject({
          method: 'PUT',
          url: '/api/enableTwoFA',
          headers: { cookie },
          payload: { email: user.email, code },
        });
      const wrong = await enable(wrongCodeFor(secret));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(twoFactorMessages.incorrectCode);
      // A wrong set-up code keeps the session.
      expect((await details(cookie)).statusCode).toBe(200);
      for (const badLength of ['12345', '1234567']) expect((await enable(badLength)).statusCode).toBe(400);

      const code = codeFor(secret);
      const right = await enable(code);
      expect(right.statusCode).toBe(200);
      expect(right.json()).toEqual({ message: twoFactorMessages.enabled });
      // The pending secret is used up: the same code enables nothing again.
      expect((await enable(code)).json().message).toBe(twoFactorMessages.incorrectCode);
      expect((await details(cookie)).json().user.secureAuthentication).toBe(true);
      expect((await userRow(portal, user.id))!.totp_pending_secret).toBeNull();
      expect((await login(portal, user)).json()).toEqual({ result: 'secureAuthentication' });

      await waitFor(async () => messages.length > 0);
      expect(twoFactorLiveMessage.parse(messages[0])).toEqual({
        userId: user.id,
        email: user.email,
        secureAuthentication: true,
      });
    });

    it('is refused for a social-login user and in the free-tier scope', async () => {
      const social = await addUser(portal, tenantId, { socialLogin: true });
      const socialCookie = sessionCookie(
        await portal.app.inject({
          method: 'POST',
          url: '/api/login/twoFactorKey/k',
          payload: { email: social.email, password: social.password },
        }),
      );
      // A social-login user has no password sign-in; its session comes from the provider.
      expect(socialCookie).toBeUndefined();
      const { sessionId } = await portal.services.auth.openSession(social.id);
      const freeTier = await addUser(portal, (await tenantOfKind(portal, 'free_tier')).id);
      const freeCookie = sessionCookie(await login(portal, freeTier))!;

      for (const [cookie, email] of [
        [`sid=${sessionId}`, social.email],
        [freeCookie, freeTier.email],
      ] as const) {
        const setup = await portal.app.inject({
          method: 'POST',
          url: '/api/getQrCodeUrl',
          headers: { cookie },
          payload: { email },
        });
        expect(setup.statusCode).toBe(403);
        const enable = await portal.app.inject({
          method: 'PUT',
          url: '/api/enableTwoFA',
          headers: { cookie },
          payload: { email, code: '123456' },
        });
        expect(enable.statusCode).toBe(403);
      }
    });

    it('needs a session', async () => {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/getQrCodeUrl',
        payload: { email: 'someone@test.local' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('disable', () => {
    const disable = (cookie: string, email: string) =>
      portal.app.inject({
        method: 'DELETE',
        url: `/api/disableTwoFA/user?email=${encodeURIComponent(email)}`,
        headers: { cookie },
      });
    const twoFactorOn = async (userId: string) => (await userRow(portal, userId))!.two_factor_enabled;

    it("turns one's own 2FA off and forgets the secret", async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const cookie = await signInWithCode(user);
      const response = await disable(cookie, user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: twoFactorMessages.disabled });
      const row = (await userRow(portal, user.id))!;
      expect([row.two_factor_enabled, row.totp_secret, row.totp_pending_secret]).toEqual([false, null, null]);
      expect((await login(portal, user)).json()).toEqual({ result: 'authenticated' });
    });

    it("lets an owner of the tenant turn a user's 2FA off, not a non-owner", async () => {
      const target = await addTwoFactorUser(portal, tenantId);
      const colleague = await addUser(portal, tenantId, {
        permissions: [...DEFAULT_PERMISSIONS, ...PORTAL_USER_ALL],
      });
      const refused = await disable(sessionCookie(await login(portal, colleague))!, target.email);
      expect(refused.statusCode).toBe(404);
      expect(await twoFactorOn(target.id)).toBe(true);

      const owner = await addUser(portal, tenantId, { owner: true });
      const response = await disable(sessionCookie(await login(portal, owner))!, target.email);
      expect(response.statusCode).toBe(200);
      expect(await twoFactorOn(target.id)).toBe(false);
      // With 2FA off there is nothing for the owner to turn off.
      expect((await disable(sessionCookie(await login(portal, owner))!, target.email)).statusCode).toBe(404);
    });

    it('lets a root user holding IOT_DEVICE_SCOPE_MIGRATE turn it off in any tenant, not one without', async () => {
      const target = await addTwoFactorUser(portal, tenantId);
      const rootTenant = await tenantOfKind(portal, 'root');
      const plainRoot = await addUser(portal, rootTenant.id, { isRoot: true });
      expect((await disable(sessionCookie(await login(portal, plainRoot))!, target.email)).statusCode).toBe(
        404,
      );
      expect(await twoFactorOn(target.id)).toBe(true);
      const migrator = await addUser(portal, rootTenant.id, {
        isRoot: true,
        permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_SCOPE_MIGRATE'],
      });
      expect((await disable(sessionCookie(await login(portal, migrator))!, target.email)).statusCode).toBe(
        200,
      );
      expect(await twoFactorOn(target.id)).toBe(false);
    });

    it('answers 404 for an unknown e-mail', async () => {
      const response = await disable(await signIn(portal), 'nobody-here@test.local');
      expect(response.statusCode).toBe(404);
    });
  });

  describe('another tenant', () => {
    it("gets 404 for everything about tenant B's user, even as an owner with every user permission, and B is unchanged", async () => {
      const tenantA = (await createCustomerWithUser(portal, 'TenantA')).tenant;
      const tenantB = (await createCustomerWithUser(portal, 'TenantB')).tenant;
      const ownerA = await addUser(portal, tenantA.id, {
        owner: true,
        permissions: [
          ...DEFAULT_PERMISSIONS,
          ...PORTAL_USER_ALL,
          'IOT_DEVICE_SCOPE_MIGRATE',
          'CAN_BE_SCOPE_OWNER',
        ],
      });
      const userB = await addTwoFactorUser(portal, tenantB.id);
      const before = await userRow(portal, userB.id);
      const cookie = sessionCookie(await login(portal, ownerA))!;

      const calls = [
        { method: 'DELETE' as const, url: `/api/disableTwoFA/user?email=${encodeURIComponent(userB.email)}` },
        { method: 'POST' as const, url: '/api/getQrCodeUrl', payload: { email: userB.email } },
        {
          method: 'PUT' as const,
          url: '/api/enableTwoFA',
          payload: { email: userB.email, code: codeFor(userB.secret, 1) },
        },
        {
          method: 'DELETE' as const,
          url: `/api/remove-your-account/userId/${userB.id}/scopeId/${tenantB.id}`,
        },
      ];
      for (const call of calls) {
        const response = await portal.app.inject({ ...call, headers: { cookie } });
        expect(response.statusCode, call.url).toBe(404);
      }
      expect(await userRow(portal, userB.id)).toEqual(before);
      expect(await trustedDevices(portal, userB.id)).toHaveLength(0);
      // B still signs in with its code.
      const key = randomKey();
      expect((await login(portal, userB, { key })).json()).toEqual({ result: 'secureAuthentication' });
      const code = await verifyCode(portal, { email: userB.email, code: codeFor(userB.secret, 1) }, { key });
      expect(code.statusCode).toBe(200);
    });
  });

  async function signInWithCode(user: Awaited<ReturnType<typeof addTwoFactorUser>>): Promise<string> {
    const key = randomKey();
    await login(portal, user, { key });
    const response = await verifyCode(portal, { email: user.email, code: codeFor(user.secret, 1) }, { key });
    return sessionCookie(response)!;
  }
});
