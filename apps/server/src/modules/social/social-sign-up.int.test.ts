import { SIGN_UP_PERMISSIONS } from '@portal/contract';
import * as oidc from 'openid-client';
import { expect, it } from 'vitest';
import { createCustomerWithUser } from '../../../test/harness.ts';
import { digest } from '../../lib/crypto.ts';
import { CALL, SIGN_UP_FAILED, socialSuite } from './test-helpers.ts';

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
});
