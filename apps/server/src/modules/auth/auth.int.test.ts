import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, ROOT_EMAIL, signIn, startPortal, type TestPortal } from '../../../test/harness.ts';

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
});
