import * as oidc from 'openid-client';
import { expect, it } from 'vitest';
import { SIGN_IN_FAILED, SIGN_UP_FAILED, socialSuite } from './test-helpers.ts';

socialSuite('social sign-in with a provider that puts the profile in the ID token', true, (ctx) => {
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
