import { EMAIL_SUBJECT_MAX, EMAIL_TEMPLATES, emailTemplateMessages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  ROOT_EMAIL,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';

describe(`e-mail templates (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaUser: string;

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
    alpha = await createCustomerWithUser(portal, 'Alpha');
    alphaUser = await signIn(portal, alpha.email, alpha.password);
    await portal.database.db
      .updateTable('tenants')
      .set({ primary_theme_color: '#aa3311', logo_url: '/api/files/logo-alpha.png' })
      .where('id', '=', alpha.tenant.id)
      .execute();
  });
  afterAll(async () => {
    await portal?.close();
  });

  const update = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(portal, cookie, 'PUT', '/api/updateEmailTemplate', { payload });
  const lastMailTo = (to: string) =>
    portal.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', to)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('lists every template with its placeholders, to root only', async () => {
    const response = await injectAs(portal, root, 'GET', '/api/emailTemplate/all');
    expect(response.statusCode).toBe(200);
    const all = response.json() as { name: string; placeholders: string[]; subject: string }[];
    expect(all.map((t) => t.name).sort()).toEqual(Object.keys(EMAIL_TEMPLATES).sort());
    expect(all.find((t) => t.name === 'resetPassword')?.placeholders).toContain('link');
    expect((await injectAs(portal, alphaUser, 'GET', '/api/emailTemplate/all')).statusCode).toBe(403);
    expect((await update(alphaUser, { name: 'test', subject: 'Hi', body: '<p>Hi</p>' })).statusCode).toBe(
      403,
    );
  });

  it('refuses unknown placeholders, script, a multi-line or over-long subject; takes the subject at its limit', async () => {
    const unknown = await update(root, {
      name: 'resetPassword',
      subject: 'Hi {{secret}}',
      body: '<p>{{link}}</p>',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(emailTemplateMessages.unknownPlaceholder(['secret']));
    for (const body of [
      '<p onclick="x()">{{link}}</p>',
      '<script>x()</script>',
      '<a href="javascript:x()">a</a>',
    ]) {
      const response = await update(root, { name: 'resetPassword', subject: 'Hi', body });
      expect(response.statusCode, body).toBe(400);
      expect(response.json().message).toContain(emailTemplateMessages.script);
    }
    expect((await update(root, { name: 'test', subject: 'a\nb', body: '<p>x</p>' })).statusCode).toBe(400);
    expect((await update(root, { name: 'test', subject: '', body: '<p>x</p>' })).statusCode).toBe(400);
    expect((await update(root, { name: 'nope', subject: 'x', body: '<p>x</p>' })).statusCode).toBe(400);
    expect(
      (await update(root, { name: 'test', subject: 'x'.repeat(EMAIL_SUBJECT_MAX + 1), body: '<p>x</p>' }))
        .statusCode,
    ).toBe(400);
    const atLimit = await update(root, {
      name: 'test',
      subject: 'x'.repeat(EMAIL_SUBJECT_MAX),
      body: '<p>x</p>',
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json().message).toBe(emailTemplateMessages.updated);
  });

  it('sends the portal’s mails from the saved template, values escaped, in the customer’s colours and logo', async () => {
    const saved = await update(root, {
      name: 'resetPassword',
      subject: 'Reset for {{firstName}}',
      body: '<p>Dear {{firstName}} of {{tenantName}}</p><p><a href="{{link}}">Choose a password</a> ({{validity}})</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await portal.database.db
      .updateTable('users')
      .set({ first_name: '<b>Al</b>' })
      .where('email', '=', alpha.email)
      .execute();
    const forgot = await portal.app.inject({
      method: 'POST',
      url: '/api/forgotPassword',
      payload: { email: alpha.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await lastMailTo(alpha.email);
    expect(mail.subject).toBe('Reset for <b>Al</b>');
    expect(mail.html).toContain('Dear &lt;b&gt;Al&lt;/b&gt; of');
    expect(mail.html).not.toContain('<b>Al</b>');
    expect(mail.html).toContain(alpha.tenant.name);
    expect(mail.html).toContain('background:#aa3311');
    expect(mail.html).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/api\/files\/logo-alpha\.png"/);
    expect(mail.body).toMatch(/Choose a password/);
    expect(mail.html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/#\/reset-password/);
  });

  it('sends a test mail of the template as edited (not yet saved) to root', async () => {
    const response = await injectAs(portal, root, 'POST', '/api/emailTemplate/test', {
      payload: {
        name: 'activation',
        subject: 'Preview {{portalName}}',
        body: '<p>Hi {{firstName}}: {{link}}</p>',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(emailTemplateMessages.testSent);
    const mail = await lastMailTo(ROOT_EMAIL);
    expect(mail.subject).toBe('Preview IoT Portal');
    expect(mail.html).toContain('https://portal.example.com/#/link');
    const bad = await injectAs(portal, root, 'POST', '/api/emailTemplate/test', {
      payload: { name: 'activation', subject: 'x', body: '{{password}}' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
