import { LOGIN_THROTTLE, removeAccountMessages, throttleMessage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  ROOT_EMAIL,
  randomTag,
  sharedPortal,
  signIn,
  type TestPortal,
  uniqueEmail,
} from '../../../test/harness.ts';
import { addUser, login, sessionCookie, tenantOfKind, userRow } from './test-helpers.ts';

describe(`sign-in and sessions (${backend} backend)`, () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await sharedPortal();
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    // Accounts of this file's own (the portal is shared): no other file's guess count moves.
    const { email } = await createCustomerWithUser(portal, 'Mistyped');
    for (const payload of [
      { email, password: 'wrong-password1' },
      { email: uniqueEmail('nobody', 'test.local'), password: 'whatever1' },
    ]) {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/login/twoFactorKey/k',
        payload,
        remoteAddress: '10.2.0.1',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid Username or Password' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('opens an httpOnly SameSite=Lax session for the root administrator seeded at first start', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/login/twoFactorKey/k',
      payload: { email: ROOT_EMAIL.toUpperCase(), password: 'RootPass1', fingerprint: 'fp-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 'authenticated' });
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const details = await portal.app.inject({
      method: 'GET',
      url: '/api/user-details',
      headers: { cookie: `sid=${cookie!.value}` },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      isRootUser: true,
      user: { email: ROOT_EMAIL, secureAuthentication: false, socialLogin: false },
      tenant: { kind: 'root', primaryThemeColor: '#4190c7', secondaryThemeColor: '#ffffff' },
    });
    expect(details.json().permissions).toContain('TOP_LEVEL_SCOPE_READ');
  });

  it('ends the session at logout and records the login and the logout', async () => {
    const user = await addUser(portal, (await createCustomerWithUser(portal, 'Leaver')).tenant.id);
    const cookie = sessionCookie(await login(portal, user))!;
    const logout = await portal.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const after = await portal.app.inject({ method: 'GET', url: '/api/user-details', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    // A second logout with the dead cookie records nothing more.
    await portal.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const kinds = (await portal.services.activities.listForUser(user.id)).map((a) => [a.kind, a.email]);
    expect(kinds).toEqual([
      ['login', user.email],
      ['logout', user.email],
    ]);
  });

  it('gives a social-login user no password sign-in', async () => {
    const social = await addUser(portal, (await createCustomerWithUser(portal, 'Social')).tenant.id, {
      socialLogin: true,
    });
    const response = await login(portal, social, { address: '10.2.0.2' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid Username or Password');
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses an oversized body with 413 before looking at it', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/login/twoFactorKey/big',
      payload: { email: 'someone@example.com', password: 'x'.repeat(300 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a forged session cookie', async () => {
    const response = await portal.app.inject({
      method: 'GET',
      url: '/api/user-details',
      headers: { cookie: 'sid=forged' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a state-changing call from another origin', async () => {
    const cookie = await signIn(portal);
    const response = await portal.app.inject({
      method: 'POST',
      url: '/api/mqtt-token',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses at start-up a route that declares no access', async () => {
    const Fastify = (await import('fastify')).default;
    const { accessPlugin } = await import('../../plugins/access.ts');
    const app = Fastify();
    await app.register((await import('@fastify/cookie')).default);
    await app.register(accessPlugin, {
      resolveSession: (sessionId) => portal.services.auth.resolveSession(sessionId),
    });
    expect(() => app.get('/undeclared', async () => 'open')).toThrow(/declares no access/);
    await app.close();
  });

  describe('change password', () => {
    const change = (cookie: string, payload: Record<string, unknown>) =>
      portal.app.inject({ method: 'POST', url: '/api/changePassword', headers: { cookie }, payload });

    it('refuses a wrong old password, the same password and a password against the rule', async () => {
      const { email, password } = await createCustomerWithUser(portal, 'Changer');
      const cookie = await signIn(portal, email, password);
      const wrongOld = await change(cookie, { oldPassword: 'NotMine1', newPassword: 'Fresh123' });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Old Password is incorrect.' });
      const same = await change(cookie, { oldPassword: password, newPassword: password });
      expect(same.json().message).toBe('old password and new password cannot be same');
      for (const weak of ['ab12', 'abcdef', 'abc12%']) {
        const response = await change(cookie, { oldPassword: password, newPassword: weak });
        expect(response.statusCode).toBe(400);
        expect(JSON.stringify(response.json().details)).toContain('at least 5 characters');
      }
      // Nothing changed: the old password still signs in.
      await signIn(portal, email, password);
    });

    it('changes it, keeps this session and ends the others', async () => {
      const { email, password } = await createCustomerWithUser(portal, 'Mover');
      const here = await signIn(portal, email, password);
      const elsewhere = await signIn(portal, email, password);
      const response = await change(here, { oldPassword: password, newPassword: 'ab12#' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Successfully updated password' });
      const details = (cookie: string) =>
        portal.app.inject({ method: 'GET', url: '/api/user-details', headers: { cookie } });
      expect((await details(here)).statusCode).toBe(200);
      expect((await details(elsewhere)).statusCode).toBe(401);
      await expect(signIn(portal, email, password)).rejects.toThrow(/sign-in failed/);
      await signIn(portal, email, 'ab12#');
    });

    it('needs a session', async () => {
      const response = await portal.app.inject({
        method: 'POST',
        url: '/api/changePassword',
        payload: { oldPassword: 'x', newPassword: 'abc123' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('guessing limits', () => {
    const attempt = (email: string, password: string, address: string) =>
      login(portal, { email, password }, { address });

    it('pauses an account after 5 failures, an unknown e-mail alike, from any address', async () => {
      const { email, password } = await createCustomerWithUser(portal, 'Guessed');
      const unknown = uniqueEmail('nobody-guessed', 'test.local');
      expect(LOGIN_THROTTLE.maxAttempts).toBe(5);
      for (let n = 1; n <= 5; n++) {
        // A new address each time: only the account's count adds up.
        expect((await attempt(email, 'Wrong1', `10.3.1.${n}`)).statusCode).toBe(401);
        expect((await attempt(unknown, 'Wrong1', `10.3.2.${n}`)).statusCode).toBe(401);
      }
      const known = await attempt(email, password, '10.3.1.99');
      const stranger = await attempt(unknown, 'Wrong1', '10.3.2.99');
      for (const response of [known, stranger]) {
        expect(response.statusCode).toBe(429);
        expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: throttleMessage });
        expect(response.cookies).toHaveLength(0);
      }
      // Another account is not affected.
      await signIn(portal);
    });

    it('lets 4 failures pass and forgets them after a successful sign-in', async () => {
      const { email, password } = await createCustomerWithUser(portal, 'Forgetful');
      for (let n = 1; n <= 4; n++)
        expect((await attempt(email, 'Wrong1', `10.4.0.${n}`)).statusCode).toBe(401);
      expect((await attempt(email, password, '10.4.1.1')).statusCode).toBe(200);
      for (let n = 1; n <= 4; n++)
        expect((await attempt(email, 'Wrong1', `10.4.2.${n}`)).statusCode).toBe(401);
      expect((await attempt(email, password, '10.4.3.1')).statusCode).toBe(200);
    });

    it("does not pause an address for failures on other accounts: a neighbour's right password passes", async () => {
      const { email, password } = await createCustomerWithUser(portal, 'Neighbour');
      const address = '10.5.0.1';
      const tag = randomTag();
      for (let n = 1; n <= 6; n++) {
        expect((await attempt(`guess-${n}-${tag}@test.local`, 'Wrong1', address)).statusCode).toBe(401);
      }
      expect((await attempt(email, password, address)).statusCode).toBe(200);
    });

    it('never counts successful sign-ins', async () => {
      for (let n = 0; n < LOGIN_THROTTLE.maxAttempts * 2; n++) await signIn(portal);
    });
  });

  describe('remove your account', () => {
    const remove = (cookie: string, userId: string, scopeId: string) =>
      portal.app.inject({
        method: 'DELETE',
        url: `/api/remove-your-account/userId/${userId}/scopeId/${scopeId}`,
        headers: { cookie },
      });

    it('deletes a free-tier user, ends the session and keeps an accountDeleted activity', async () => {
      const freeTier = await tenantOfKind(portal, 'free_tier');
      const user = await addUser(portal, freeTier.id);
      const cookie = sessionCookie(await login(portal, user))!;
      const elsewhere = sessionCookie(await login(portal, user))!;

      const response = await remove(cookie, user.id, freeTier.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: removeAccountMessages.removed });
      expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');

      expect(await userRow(portal, user.id)).toBeUndefined();
      for (const session of [cookie, elsewhere]) {
        const details = await portal.app.inject({
          method: 'GET',
          url: '/api/user-details',
          headers: { cookie: session },
        });
        expect(details.statusCode).toBe(401);
      }
      expect((await login(portal, user, { address: '10.6.0.1' })).statusCode).toBe(401);
      const deleted = (await portal.services.activities.listForEmail(user.email)).filter(
        (a) => a.kind === 'accountDeleted',
      );
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ email: user.email, tenant_id: freeTier.id, user_id: user.id });
    });

    it('refuses a customer user (403) and another scope id (404), deleting nothing', async () => {
      const { tenant } = await createCustomerWithUser(portal, 'Stayer');
      const user = await addUser(portal, tenant.id);
      const cookie = sessionCookie(await login(portal, user))!;
      const refused = await remove(cookie, user.id, tenant.id);
      expect(refused.statusCode).toBe(403);
      const freeTier = await tenantOfKind(portal, 'free_tier');
      expect((await remove(cookie, user.id, freeTier.id)).statusCode).toBe(404);
      expect(await userRow(portal, user.id)).toBeDefined();
      const details = await portal.app.inject({
        method: 'GET',
        url: '/api/user-details',
        headers: { cookie },
      });
      expect(details.statusCode).toBe(200);
    });

    it("gives a free-tier user 404 for another free-tier user's account, which stays", async () => {
      const freeTier = await tenantOfKind(portal, 'free_tier');
      const me = await addUser(portal, freeTier.id);
      const other = await addUser(portal, freeTier.id);
      const cookie = sessionCookie(await login(portal, me))!;
      expect((await remove(cookie, other.id, freeTier.id)).statusCode).toBe(404);
      expect(await userRow(portal, other.id)).toBeDefined();
    });
  });
});
