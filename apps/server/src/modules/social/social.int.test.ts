import { randomBytes } from 'node:crypto';
import { SIGN_UP_PERMISSIONS } from '@portal/contract';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, createCustomerWithUser, startPortal, type TestPortal } from '../../../test/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { digest } from '../../lib/crypto.ts';
import { socialDisabledMessage } from './social.service.ts';

type Mode = 'signIn' | 'signUp';
const CALL = { signIn: '/api/signInWithGoogle', signUp: '/api/signUpWithGoogle' } as const;
const SIGN_IN_FAILED = 'Error occurred while signing in. Please try again.';
const SIGN_UP_FAILED = 'Error occurred while signing up. Please try again.';

/** A browser talking to the portal over HTTP, with its own cookies. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async fetch(path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
}

const newSub = () => `sub-${randomBytes(6).toString('hex')}`;
const newEmail = () => `social-${randomBytes(5).toString('hex')}@example.com`;

function socialSuite(label: string, claimsInIdToken: boolean, run: (ctx: () => Context) => void) {
  describe(`${label} (${backend} backend)`, () => {
    let context: Context;
    beforeAll(async () => {
      const provider = await startOidcProvider({ claimsInIdToken });
      const portal = await startPortal({ ...provider.portalEnv, OIDC_PROVIDER_NAME: 'Test ID' });
      provider.registerRedirectUri(`${portal.baseUrl}/api/social/callback`);
      context = new Context(provider, portal);
    });
    afterAll(async () => {
      await context?.portal.close();
      await context?.provider.close();
    });
    run(() => context);
  });
}

class Context {
  constructor(
    readonly provider: TestOidcProvider,
    readonly portal: TestPortal,
    /** Where the provider sends the browser back to: the portal's PUBLIC_URL, or its own address. */
    readonly publicUrl = portal.baseUrl,
  ) {}

  browser(): Browser {
    return new Browser(this.portal.baseUrl);
  }

  /** A person at the provider with a verified address, unless told otherwise. */
  person(overrides: { email?: string; emailVerified?: boolean } = {}) {
    const account = {
      sub: newSub(),
      email: overrides.email ?? newEmail(),
      emailVerified: overrides.emailVerified ?? true,
      givenName: 'Ada',
      familyName: 'Lovelace',
    };
    this.provider.addAccount(account);
    return account;
  }

  /**
   * The whole trip: the portal's authorize call, the sign-in at the provider, the provider's redirect to the
   * portal's callback, which hands the code to the login page. Returns what the login page would post.
   */
  async returnFromProvider(
    browser: Browser,
    mode: Mode,
    sub: string,
  ): Promise<{ code: string; state: string }> {
    const authorize = await browser.fetch(`/api/social/authorize?mode=${mode}`);
    expect(authorize.status).toBe(200);
    const { url } = (await authorize.json()) as { url: string };
    const callback = await this.provider.signIn(url, sub);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${this.publicUrl}/api/social/callback`);
    const redirect = await browser.fetch(`${callback.pathname}${callback.search}`);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location).toMatch(/^\/#\/login\?socialCode=/);
    const params = new URLSearchParams(location.slice(location.indexOf('?') + 1));
    return { code: params.get('socialCode') ?? '', state: params.get('state') ?? '' };
  }

  post(browser: Browser, mode: Mode, body: { code: string; state: string }): Promise<Response> {
    return browser.fetch(CALL[mode], { method: 'POST', json: body });
  }

  async signUp(sub: string): Promise<void> {
    const browser = this.browser();
    const response = await this.post(
      browser,
      'signUp',
      await this.returnFromProvider(browser, 'signUp', sub),
    );
    expect(response.status).toBe(201);
  }

  async userDetails(browser: Browser) {
    const response = await browser.fetch('/api/user-details');
    expect(response.status).toBe(200);
    return (await response.json()) as {
      user: { id: string; email: string; firstName: string; lastName: string; socialLogin: boolean };
      permissions: string[];
      tenant: { id: string; kind: string };
    };
  }

  editRequest(state: string, change: { code_verifier?: string; nonce?: string; expires_at?: Date }) {
    return this.portal.database.db
      .updateTable('oidc_requests')
      .set(change)
      .where('state_hash', '=', digest(state))
      .executeTakeFirstOrThrow();
  }
}

socialSuite('social sign-in with a provider that puts the profile in the ID token', true, (ctx) => {
  it('says it is enabled, with the configured provider name', async () => {
    const response = await ctx().browser().fetch('/api/social/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ enabled: true, providerName: 'Test ID' });
  });

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge, bound by a cookie', async () => {
    const { portal, provider } = ctx();
    const browser = ctx().browser();
    const response = await browser.fetch('/api/social/authorize?mode=signIn');
    expect(response.status).toBe(200);
    const url = new URL(((await response.json()) as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${portal.baseUrl}/api/social/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);

    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('oidc='));
    expect(cookie).toMatch(/; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);
    const row = await portal.database.db
      .selectFrom('oidc_requests')
      .selectAll()
      .where('state_hash', '=', digest(params.state ?? ''))
      .executeTakeFirstOrThrow();
    expect(row.mode).toBe('signIn');
    expect(row.nonce).toBe(params.nonce);
    expect(await oidc.calculatePKCECodeChallenge(row.code_verifier)).toBe(params.code_challenge);
    expect(row.browser_hash).toBe(digest(browser.cookies.get('oidc') ?? ''));
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('signs up a new person into the general users scope, then signs them in', async () => {
    const { portal } = ctx();
    const person = ctx().person();
    const browser = ctx().browser();
    const signUp = await ctx().post(
      browser,
      'signUp',
      await ctx().returnFromProvider(browser, 'signUp', person.sub),
    );
    expect(signUp.status).toBe(201);
    expect(await signUp.json()).toEqual({ message: 'User has been created successfully' });
    expect(browser.cookies.has('sid')).toBe(false);

    const signIn = await ctx().post(
      browser,
      'signIn',
      await ctx().returnFromProvider(browser, 'signIn', person.sub),
    );
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toEqual({ result: 'authenticated' });
    const sid = signIn.headers.getSetCookie().find((line) => line.startsWith('sid='));
    expect(sid).toMatch(/; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);

    const details = await ctx().userDetails(browser);
    expect(details.user).toMatchObject({
      email: person.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      socialLogin: true,
    });
    expect(details.tenant.kind).toBe('free_tier');
    expect(details.permissions).toEqual([...SIGN_UP_PERMISSIONS].sort());
    expect(details.permissions).toHaveLength(15);
    const kinds = (await portal.services.activities.listForUser(details.user.id)).map((a) => a.kind);
    expect(kinds).toEqual(['signUp', 'login']);
  });

  it('ignores the scope and permissions a sign-up body asks for', async () => {
    const { tenant } = await createCustomerWithUser(ctx().portal, 'Asked');
    const person = ctx().person();
    const browser = ctx().browser();
    const returned = await ctx().returnFromProvider(browser, 'signUp', person.sub);
    const signUp = await browser.fetch(CALL.signUp, {
      method: 'POST',
      json: { ...returned, scopeId: tenant.id, permissions: ['TOP_LEVEL_SCOPE_READ', 'FIRMWARE_WRITE'] },
    });
    expect(signUp.status).toBe(201);
    await ctx().post(browser, 'signIn', await ctx().returnFromProvider(browser, 'signIn', person.sub));
    const details = await ctx().userDetails(browser);
    expect(details.tenant.kind).toBe('free_tier');
    expect(details.permissions).toEqual([...SIGN_UP_PERMISSIONS].sort());
  });

  it('refuses a password sign-in of a social-login user', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    for (const password of ['', 'Password1', 'null']) {
      const response = await ctx()
        .browser()
        .fetch('/api/login/twoFactorKey/k', { method: 'POST', json: { email: person.email, password } });
      expect(response.status).toBe(password === '' ? 400 : 401);
      if (password !== '')
        expect(await response.json()).toEqual({
          code: 'UNAUTHORIZED',
          message: 'Invalid Username or Password',
        });
    }
  });

  it('answers This user already exists! to a second sign-up', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const again = await ctx().post(
      browser,
      'signUp',
      await ctx().returnFromProvider(browser, 'signUp', person.sub),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'CONFLICT', message: 'This user already exists!' });
  });

  it('answers This user already exists! to a sign-up with the address of an existing user', async () => {
    const { email } = await createCustomerWithUser(ctx().portal, 'Taken');
    const person = ctx().person({ email });
    const browser = ctx().browser();
    const signUp = await ctx().post(
      browser,
      'signUp',
      await ctx().returnFromProvider(browser, 'signUp', person.sub),
    );
    expect(signUp.status).toBe(409);
    expect(await signUp.json()).toMatchObject({ message: 'This user already exists!' });
  });

  it('tells a person without an account to sign up', async () => {
    const person = ctx().person();
    const browser = ctx().browser();
    const signIn = await ctx().post(
      browser,
      'signIn',
      await ctx().returnFromProvider(browser, 'signIn', person.sub),
    );
    expect(signIn.status).toBe(404);
    expect(await signIn.json()).toEqual({ code: 'NOT_FOUND', message: 'User not Found. Please SignUp.' });
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('signs in an existing user by e-mail only when the provider has verified the address', async () => {
    const { tenant, email } = await createCustomerWithUser(ctx().portal, 'Linked');
    const unverified = ctx().person({ email, emailVerified: false });
    const browser = ctx().browser();
    const refused = await ctx().post(
      browser,
      'signIn',
      await ctx().returnFromProvider(browser, 'signIn', unverified.sub),
    );
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ message: 'User not Found. Please SignUp.' });

    const verified = ctx().person({ email });
    const signIn = await ctx().post(
      browser,
      'signIn',
      await ctx().returnFromProvider(browser, 'signIn', verified.sub),
    );
    expect(signIn.status).toBe(200);
    const details = await ctx().userDetails(browser);
    expect(details.user.email).toBe(email);
    expect(details.tenant.id).toBe(tenant.id);

    // Linked: the subject alone finds the user from now on.
    const other = ctx().browser();
    const again = await ctx().post(
      other,
      'signIn',
      await ctx().returnFromProvider(other, 'signIn', verified.sub),
    );
    expect(again.status).toBe(200);
    expect((await ctx().userDetails(other)).user.email).toBe(email);
  });

  it('does not let a verified e-mail skip the authenticator code of a 2FA account', async () => {
    const { email } = await createCustomerWithUser(ctx().portal, 'Guarded');
    await ctx()
      .portal.database.db.updateTable('users')
      .set({ two_factor_enabled: true, totp_secret: 'JBSWY3DPEHPK3PXP' })
      .where('email', '=', email)
      .execute();
    const browser = ctx().browser();
    const refused = await ctx().post(
      browser,
      'signIn',
      await ctx().returnFromProvider(browser, 'signIn', ctx().person({ email }).sub),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'Error occurred while signing in. Please try again.',
    });
    expect((await browser.fetch('/api/user-details')).status).toBe(401);
  });

  it('refuses a sign-up for an address the provider has not verified, creating nothing', async () => {
    const person = ctx().person({ emailVerified: false });
    const browser = ctx().browser();
    const signUp = await ctx().post(
      browser,
      'signUp',
      await ctx().returnFromProvider(browser, 'signUp', person.sub),
    );
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: SIGN_UP_FAILED });
    expect(await ctx().portal.services.portalUsers.findByEmail(person.email)).toBeNull();
  });

  it('refuses an unknown or altered state, and the right one still works', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const returned = await ctx().returnFromProvider(browser, 'signIn', person.sub);
    for (const state of [`${returned.state}x`, returned.state.slice(1), oidc.randomState()]) {
      const response = await ctx().post(browser, 'signIn', { code: returned.code, state });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: SIGN_IN_FAILED });
    }
    expect(browser.cookies.has('sid')).toBe(false);
    const signIn = await ctx().post(browser, 'signIn', returned);
    expect(signIn.status).toBe(200);
  });

  it('refuses a state used a second time', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const returned = await ctx().returnFromProvider(browser, 'signIn', person.sub);
    expect((await ctx().post(browser, 'signIn', returned)).status).toBe(200);
    const replay = await ctx().post(ctx().browser(), 'signIn', returned);
    const replaySameBrowser = await ctx().post(browser, 'signIn', returned);
    for (const response of [replay, replaySameBrowser]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: SIGN_IN_FAILED });
    }
  });

  it('refuses a state presented by another browser, which leaves it to its own', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const returned = await ctx().returnFromProvider(browser, 'signIn', person.sub);

    const withoutCookie = ctx().browser();
    const withOwnCookie = ctx().browser();
    await withOwnCookie.fetch('/api/social/authorize?mode=signIn');
    expect(withOwnCookie.cookies.has('oidc')).toBe(true);
    for (const other of [withoutCookie, withOwnCookie]) {
      const response = await ctx().post(other, 'signIn', returned);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: SIGN_IN_FAILED });
      expect(other.cookies.has('sid')).toBe(false);
    }
    expect((await ctx().post(browser, 'signIn', returned)).status).toBe(200);
  });

  it('refuses a sign-up request posted as a sign-in, and the other way round', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const forSignUp = await ctx().returnFromProvider(browser, 'signUp', person.sub);
    const asSignIn = await ctx().post(browser, 'signIn', forSignUp);
    expect(asSignIn.status).toBe(400);
    expect(await asSignIn.json()).toMatchObject({ message: SIGN_IN_FAILED });

    const forSignIn = await ctx().returnFromProvider(browser, 'signIn', person.sub);
    const asSignUp = await ctx().post(browser, 'signUp', forSignIn);
    expect(asSignUp.status).toBe(400);
    expect(await asSignUp.json()).toMatchObject({ message: SIGN_UP_FAILED });
  });

  it('refuses a request older than 10 minutes', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const returned = await ctx().returnFromProvider(browser, 'signIn', person.sub);
    await ctx().editRequest(returned.state, { expires_at: new Date(Date.now() - 1000) });
    const response = await ctx().post(browser, 'signIn', returned);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: SIGN_IN_FAILED });
  });

  it('refuses a code exchanged with another PKCE verifier (the provider says invalid_grant)', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const returned = await ctx().returnFromProvider(browser, 'signIn', person.sub);
    await ctx().editRequest(returned.state, { code_verifier: oidc.randomPKCECodeVerifier() });
    const response = await ctx().post(browser, 'signIn', returned);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: SIGN_IN_FAILED,
      details: { reason: 'invalid_grant' },
    });
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('refuses an ID token whose nonce is not the one the request sent', async () => {
    const person = ctx().person();
    await ctx().signUp(person.sub);
    const browser = ctx().browser();
    const returned = await ctx().returnFromProvider(browser, 'signIn', person.sub);
    await ctx().editRequest(returned.state, { nonce: oidc.randomNonce() });
    const response = await ctx().post(browser, 'signIn', returned);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; details: { reason: string } };
    expect(body.message).toBe(SIGN_IN_FAILED);
    expect(body.details.reason).toMatch(/nonce/);
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('sends a provider error, a missing code or another issuer back to the login page as an error', async () => {
    const browser = ctx().browser();
    for (const query of [
      '?error=access_denied&state=abc',
      '?state=abc',
      '?code=abc',
      `?code=abc&state=abc&iss=${encodeURIComponent('https://evil.example')}`,
    ]) {
      const response = await browser.fetch(`/api/social/callback${query}`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/#/login?socialError=1');
    }
    const fine = await browser.fetch(
      `/api/social/callback?code=a%2Bb&state=s&iss=${encodeURIComponent(`${ctx().provider.issuer}/`)}`,
    );
    expect(fine.headers.get('location')).toBe('/#/login?socialCode=a%2Bb&state=s');
  });
});

socialSuite(
  'social sign-in with a provider that gives the profile at its userinfo endpoint',
  false,
  (ctx) => {
    it('signs up and signs in with the e-mail and names from userinfo', async () => {
      const person = ctx().person();
      await ctx().signUp(person.sub);
      const browser = ctx().browser();
      const signIn = await ctx().post(
        browser,
        'signIn',
        await ctx().returnFromProvider(browser, 'signIn', person.sub),
      );
      expect(signIn.status).toBe(200);
      const details = await ctx().userDetails(browser);
      expect(details.user).toMatchObject({
        email: person.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        socialLogin: true,
      });
    });
  },
);

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
