import { DEFAULT_PERMISSIONS, live, twoFactorLiveMessage, twoFactorMessages } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  endClients,
  injectAs,
  signIn,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import {
  addTwoFactorUser,
  addUser,
  codeFor,
  login,
  randomKey,
  sessionCookie,
  sharedTwoFactorPortal,
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

  beforeAll(async () => {
    ({ portal, tenantId } = await sharedTwoFactorPortal());
  });

  const details = (cookie: string) => injectAs(portal, cookie, 'GET', '/api/user-details');

  describe('set-up', () => {
    const clients: MqttClient[] = [];
    afterEach(() => endClients(clients));

    /** A browser's live connection, collecting the user's own two-factor channel in `scopeId`. */
    async function watchTwoFactor(cookie: string, scopeId: string, userId: string) {
      const { client, messages } = await watchLive(portal, cookie, live.twoFactor(scopeId, userId));
      clients.push(client);
      return messages;
    }
    it('gives a QR code, the secret and an otpauth URI; the right code turns 2FA on and tells the scope', async () => {
      const user = await addUser(portal, tenantId);
      const cookie = sessionCookie(await login(portal, user))!;
      const messages = await watchTwoFactor(cookie, tenantId, user.id);

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
        `otpauth://totp/IoT%20Portal:${encodeURIComponent(user.email)}?issuer=IoT%20Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
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
    /** As the holder of `cookie`, who proves it is them with their password (the test users' one). */
    const disable = (cookie: string, email: string, proof: object = { password: 'UserPass1' }) =>
      portal.app.inject({
        method: 'DELETE',
        url: `/api/disableTwoFA/user?email=${encodeURIComponent(email)}`,
        headers: { cookie },
        payload: proof,
      });
    const twoFactorOn = async (userId: string) => (await userRow(portal, userId))!.two_factor_enabled;

    it("turns one's own 2FA off and forgets the secret", async () => {
      const user = await addTwoFactorUser(portal, tenantId);
      const cookie = await signInWithCode(user);
      const response = await disable(cookie, user.email, { password: user.password });
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
        {
          method: 'DELETE' as const,
          url: `/api/disableTwoFA/user?email=${encodeURIComponent(userB.email)}`,
          payload: { password: ownerA.password },
        },
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
