import { expect, it } from 'vitest';
import { createCustomerWithUser } from '../../../test/harness.ts';
import { socialSuite } from './test-helpers.ts';

socialSuite('social sign-in with a provider that puts the profile in the ID token', true, (ctx) => {
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
