import { FEEDBACK_MAX_BODY, feedbackMessages, superAdminPreset } from '@portal/contract';
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
import { supportUser } from '../audit/test-helpers.ts';

describe(`feedback (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let support: { cookie: string; email: string };
  let customer: string;

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
    support = await supportUser(portal);
    const alpha = await createCustomerWithUser(portal, 'Alpha', { permissions: superAdminPreset(false) });
    customer = await signIn(portal, alpha.email, alpha.password);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const submit = (cookie: string, body: string, email = 'someone@test.local') =>
    injectAs(portal, cookie, 'POST', '/api/saveFeedBack', { payload: { email, body } });
  const list = async (cookie: string) => {
    const response = await injectAs(portal, cookie, 'GET', '/api/feedback');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: { email: string; body: string }[]; total: number };
  };

  it('stores formatting but no script, event handler or javascript: link, and mails it to the support address', async () => {
    const body =
      '<p onclick="steal()">Hello <strong>bold</strong> <em>it</em></p><script>alert(1)</script>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a> <a href="https://ok.test">ok</a>' +
      '<ul><li style="color:red">one</li></ul>';
    const response = await submit(root, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(feedbackMessages.submitted);
    const stored = (await list(root)).items[0]!;
    expect(stored.email).toBe(ROOT_EMAIL);
    expect(stored.body).toContain('<strong>bold</strong>');
    expect(stored.body).toContain('<li>one</li>');
    expect(stored.body).toContain('href="https://ok.test"');
    for (const bad of ['<script', 'alert(1)', 'onclick', 'onerror', '<img', 'javascript:', 'style='])
      expect(stored.body).not.toContain(bad);
    const mail = await portal.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', ROOT_EMAIL)
      .where('subject', 'like', 'Feedback from%')
      .executeTakeFirstOrThrow();
    expect(mail.html).toContain('<strong>bold</strong>');
    expect(mail.html).not.toContain('onerror');
    expect(mail.body).toContain('Hello bold it');
  });

  it('refuses feedback without text, script-only feedback, a bad e-mail and a body over the cap', async () => {
    const before = (await list(root)).total;
    for (const body of ['', '<p></p>', '<p> &nbsp; </p>', '<script>alert(1)</script>']) {
      const response = await submit(root, body);
      expect(response.statusCode, body).toBe(400);
    }
    expect((await submit(root, '<p>hi</p>', 'not-an-email')).statusCode).toBe(400);
    const filler = (n: number) => `<p>${'x'.repeat(n - 7)}</p>`;
    const over = await submit(root, filler(FEEDBACK_MAX_BODY + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain(feedbackMessages.tooLarge);
    expect(await list(root).then((l) => l.total)).toBe(before);
    expect((await submit(root, filler(FEEDBACK_MAX_BODY))).statusCode).toBe(201);
    expect(await list(root).then((l) => l.total)).toBe(before + 1);
  });

  it('is for support and root users only; both read it newest first', async () => {
    expect((await submit(customer, '<p>from a customer</p>')).statusCode).toBe(403);
    expect((await injectAs(portal, customer, 'GET', '/api/feedback')).statusCode).toBe(403);
    expect((await submit(support.cookie, '<p>first</p>')).statusCode).toBe(201);
    expect((await submit(support.cookie, '<p>second</p>', 'forged@else.where')).statusCode).toBe(201);
    for (const cookie of [root, support.cookie]) {
      const { items } = await list(cookie);
      expect(items[0]).toMatchObject({ body: '<p>second</p>', email: support.email });
      expect(items[1]).toMatchObject({ body: '<p>first</p>' });
    }
    const unsigned = await portal.app.inject({ method: 'GET', url: '/api/feedback' });
    expect(unsigned.statusCode).toBe(401);
  });
});
