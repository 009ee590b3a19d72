import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startPortal, type TestPortal } from '../../../test/harness.ts';
import { startOidcProvider } from '../../../test/oidc-provider.ts';
import { socialDisabledMessage } from './social.service.ts';
import { Context } from './test-helpers.ts';

describe(`social sign-in behind a public URL, with a provider down at first (${backend} backend)`, () => {
  const PUBLIC_URL = 'https://portal.example';
  let context: Context;
  beforeAll(async () => {
    const provider = await startOidcProvider({ claimsInIdToken: true });
    const portal = await startPortal({ ...provider.portalEnv, PUBLIC_URL: `${PUBLIC_URL}/` });
    context = new Context(provider, portal, PUBLIC_URL);
  });
  afterAll(async () => {
    await context?.portal.close();
    await context?.provider.close();
  });

  it('fails while the provider cannot be discovered, and discovers it once it answers', async () => {
    const browser = context.browser();
    const down = await browser.fetch('/api/social/authorize?mode=signIn');
    expect(down.status).toBe(500);
    expect(await down.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    expect(browser.cookies.has('oidc')).toBe(false);

    context.provider.registerRedirectUri(`${PUBLIC_URL}/api/social/callback`);
    const up = await browser.fetch('/api/social/authorize?mode=signIn');
    expect(up.status).toBe(200);
    const { url } = (await up.json()) as { url: string };
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/social/callback`);
    expect(up.headers.getSetCookie().find((line) => line.startsWith('oidc='))).toMatch(
      /; Secure; SameSite=Lax$/,
    );
  });

  it('signs up and signs in with the public URL as the redirect URI', async () => {
    const person = context.person();
    const browser = context.browser();
    const signUp = await context.returnFromProvider(browser, 'signUp', person.sub);
    expect((await context.post(browser, 'signUp', signUp)).status).toBe(201);
    const signIn = await context.returnFromProvider(browser, 'signIn', person.sub);
    expect((await context.post(browser, 'signIn', signIn)).status).toBe(200);
    expect((await context.userDetails(browser)).user.email).toBe(person.email);
  });
});

describe(`social sign-in without a configured provider (${backend} backend)`, () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('says it is disabled, and refuses to start or finish a social sign-in', async () => {
    const config = await portal.app.inject({ method: 'GET', url: '/api/social/config' });
    expect(config.json()).toEqual({ enabled: false, providerName: 'Google' });

    const authorize = await portal.app.inject({ method: 'GET', url: '/api/social/authorize?mode=signIn' });
    expect(authorize.statusCode).toBe(404);
    expect(authorize.json()).toEqual({ code: 'NOT_FOUND', message: socialDisabledMessage });
    expect(authorize.cookies).toHaveLength(0);

    for (const url of ['/api/signInWithGoogle', '/api/signUpWithGoogle']) {
      const response = await portal.app.inject({ method: 'POST', url, payload: { code: 'c', state: 's' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: socialDisabledMessage });
    }
  });

  it('checks the call bodies at their limits', async () => {
    const post = (payload: Record<string, string>) =>
      portal.app.inject({ method: 'POST', url: '/api/signInWithGoogle', payload });
    // At the limits the body passes validation (and meets the disabled provider); beyond them it does not.
    expect((await post({ code: 'c'.repeat(2000), state: 's'.repeat(200) })).statusCode).toBe(404);
    expect((await post({ code: 'c', state: 's' })).statusCode).toBe(404);
    for (const payload of [
      { code: '', state: 's' },
      { code: 'c', state: '' },
      { code: 'c'.repeat(2001), state: 's' },
      { code: 'c', state: 's'.repeat(201) },
    ]) {
      expect((await post(payload)).statusCode).toBe(400);
    }
    const authorize = await portal.app.inject({ method: 'GET', url: '/api/social/authorize?mode=other' });
    expect(authorize.statusCode).toBe(400);
  });
});
