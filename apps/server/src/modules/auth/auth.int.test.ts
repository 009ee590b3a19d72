import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  ROOT_EMAIL,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';

describe(`sign-in and sessions (${backend} backend)`, () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    for (const payload of [
      { email: ROOT_EMAIL, password: 'wrong-password1' },
      { email: 'nobody@test.local', password: 'whatever1' },
    ]) {
      const response = await portal.app.inject({ method: 'POST', url: '/api/login/twoFactorKey/k', payload });
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

  it('ends the session at logout', async () => {
    const cookie = await signIn(portal);
    const logout = await portal.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const after = await portal.app.inject({ method: 'GET', url: '/api/user-details', headers: { cookie } });
    expect(after.statusCode).toBe(401);
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
    await app.register(accessPlugin, { auth: portal.services.auth });
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
});
