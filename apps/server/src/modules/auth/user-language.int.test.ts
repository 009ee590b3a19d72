import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  signIn,
  signUpFreeTierUser,
  startPortal,
  type TestPortal,
  uniqueEmail,
} from '../../../test/harness.ts';

/** docs/i18n.md: a user's language is stored on the user; the portal's mails follow it. */
describe(`the user's language (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const lastMailTo = (to: string) =>
    portal.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', to)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  let asked = 0;
  /** Each from an address of its own, and at most 3 per account: within the 'forgot' guess limits (5). */
  const forgotPassword = (email: string, acceptLanguage?: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email },
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      remoteAddress: `10.78.0.${++asked}`,
    });
  const details = async (cookie: string) =>
    (await injectAs(portal, cookie, 'GET', '/api/user-details')).json().user;

  it('is none until the user chooses one; the user sets only its own, to a language the portal has', async () => {
    const alpha = await createCustomerWithUser(portal, 'Lingua');
    const cookie = await signIn(portal, alpha.email, alpha.password);
    expect((await details(cookie)).language).toBeNull();

    const chosen = await injectAs(portal, cookie, 'PUT', '/api/user-details/language', {
      payload: { language: 'de' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ language: 'de' });
    expect((await details(cookie)).language).toBe('de');
    // Another user's stays as it was.
    expect((await details(root)).language).toBeNull();

    const unknown = await injectAs(portal, cookie, 'PUT', '/api/user-details/language', {
      payload: { language: 'fr' },
    });
    expect(unknown.statusCode).toBe(400);
    const signedOut = await portal.app.inject({
      method: 'PUT',
      url: '/api/user-details/language',
      payload: { language: 'en' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await details(cookie)).language).toBe('de');
  });

  it('writes a reset mail in the language the user chose, whatever the browser asking says', async () => {
    const beta = await createCustomerWithUser(portal, 'Sprache');
    const cookie = await signIn(portal, beta.email, beta.password);
    await injectAs(portal, cookie, 'PUT', '/api/user-details/language', { payload: { language: 'de' } });

    expect((await forgotPassword(beta.email, 'en-US,en;q=0.9')).statusCode).toBe(200);
    const german = await lastMailTo(beta.email);
    expect(german.subject).toBe('Setzen Sie Ihr Passwort für IoT Portal zurück');
    expect(german.body).toContain('Hallo Sprache,');
    expect(german.body).toContain('Der Link ist 1 Stunde lang gültig und funktioniert einmal.');

    await injectAs(portal, cookie, 'PUT', '/api/user-details/language', { payload: { language: 'en' } });
    await forgotPassword(beta.email, 'de-DE,de;q=0.9');
    const english = await lastMailTo(beta.email);
    expect(english.subject).toBe('Reset your IoT Portal password');
    expect(english.body).toContain('The link is good for 1 hour and works once.');
  });

  it("follows the asking browser's Accept-Language for a user who chose none, else English", async () => {
    const gamma = await createCustomerWithUser(portal, 'Browser');
    await forgotPassword(gamma.email, 'fr-CH, de;q=0.8, en;q=0.5');
    expect((await lastMailTo(gamma.email)).subject).toBe('Setzen Sie Ihr Passwort für IoT Portal zurück');
    await forgotPassword(gamma.email, 'fr-CH');
    expect((await lastMailTo(gamma.email)).subject).toBe('Reset your IoT Portal password');
    await forgotPassword(gamma.email);
    expect((await lastMailTo(gamma.email)).subject).toBe('Reset your IoT Portal password');
  });

  it('sends a sign-up link in the language of the browser that signed up, valid for 7 Tage', async () => {
    const email = uniqueEmail('anmeldung');
    const signedUp = await portal.app.inject({
      method: 'POST',
      url: '/api/portalUserSignup',
      payload: {
        firstName: 'Anna',
        lastName: 'Neu',
        email,
        phoneNumber: '+49 1512345678',
        countryShortCode: 'DE',
      },
      headers: { 'accept-language': 'de-AT' },
      remoteAddress: '10.77.0.1',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Legen Sie Ihr Passwort für IoT Portal fest');
    expect(mail.body).toContain('Der Link ist 7 Tage lang gültig und funktioniert einmal.');
    // Without that header, the same sign-up mail is the spec's English one (the default).
    const english = await signUpFreeTierUser(portal, 'Plain');
    expect((await lastMailTo(english.email)).subject).toBe('Set your IoT Portal password');
  });

  it("keeps root's edit of a template to its language: the German mail stays German", async () => {
    const edited = await injectAs(portal, root, 'PUT', '/api/updateEmailTemplate', {
      payload: { name: 'resetPassword', subject: 'Your reset link', body: '<p>{{link}}</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const delta = await createCustomerWithUser(portal, 'Edited');
    await forgotPassword(delta.email, 'de');
    expect((await lastMailTo(delta.email)).subject).toBe('Setzen Sie Ihr Passwort für IoT Portal zurück');
    await forgotPassword(delta.email, 'en');
    expect((await lastMailTo(delta.email)).subject).toBe('Your reset link');

    const germanEdit = await injectAs(portal, root, 'PUT', '/api/updateEmailTemplate', {
      payload: {
        name: 'resetPassword',
        language: 'de',
        subject: 'Ihr Link',
        body: '<p>{{link}} ({{validity}})</p>',
      },
    });
    expect(germanEdit.statusCode, germanEdit.body).toBe(200);
    await forgotPassword(delta.email, 'de');
    const mail = await lastMailTo(delta.email);
    expect(mail.subject).toBe('Ihr Link');
    expect(mail.body).toContain('(1 Stunde)');

    const listed = await injectAs(portal, root, 'GET', '/api/emailTemplate/all', {
      query: { language: 'de' },
    });
    const reset = (listed.json() as { name: string; language: string; subject: string }[]).find(
      (template) => template.name === 'resetPassword',
    );
    expect(reset).toMatchObject({ language: 'de', subject: 'Ihr Link' });
    const activation = (listed.json() as { name: string; subject: string }[]).find(
      (template) => template.name === 'activation',
    );
    expect(activation?.subject).toBe('Legen Sie Ihr Passwort für {{portalName}} fest');
    // The English list shows root's English edit.
    const english = await injectAs(portal, root, 'GET', '/api/emailTemplate/all');
    expect(
      (english.json() as { name: string; subject: string }[]).find((t) => t.name === 'resetPassword')
        ?.subject,
    ).toBe('Your reset link');
  });
});
