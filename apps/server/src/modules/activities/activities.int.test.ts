import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';

/** The activity calls of spec 002 section 7 and their two headers (docs/identity.md). */
describe(`activity calls (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha');
    cookie = await signIn(portal, alpha.email, alpha.password);
    userId = (
      await portal.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', alpha.email)
        .executeTakeFirstOrThrow()
    ).id;
  });

  const call = (
    method: 'POST' | 'PUT',
    headers: Record<string, string>,
    payload: Record<string, unknown> = {},
    session = cookie,
  ) =>
    portal.app.inject({
      method,
      url: method === 'POST' ? '/api/saveLoginOrLogoutActivity' : '/api/saveUserActivities',
      headers: { cookie: session, ...headers },
      payload,
    });
  const kinds = async () => (await portal.services.activities.listForUser(userId)).map((a) => a.kind);

  it('records alertsViewed, infoViewed and diagnosticViewed once per Provided-Key, as the session’s user', async () => {
    const before = await kinds();
    for (const kind of ['alertsViewed', 'infoViewed', 'diagnosticViewed']) {
      const key = `key-${kind}-12345`;
      const payload = { email: 'someone@else.test', subject: 'AABBCCDDEEFF' };
      const first = await call('PUT', { 'activity-key': kind, 'provided-key': key }, payload);
      expect(first.statusCode, first.body).toBe(200);
      expect((await call('PUT', { 'activity-key': kind, 'provided-key': key }, payload)).statusCode).toBe(
        200,
      );
    }
    expect((await kinds()).slice(before.length)).toEqual(['alertsViewed', 'infoViewed', 'diagnosticViewed']);
    const rows = await portal.services.activities.listForUser(userId);
    expect(rows.every((r) => r.email === alpha.email.toLowerCase())).toBe(true);
    expect(rows.at(-1)?.subject).toBe('AABBCCDDEEFF');
  });

  it('records login, signUp and logout on the login/logout call only', async () => {
    const before = (await kinds()).length;
    for (const kind of ['login', 'signUp', 'logout'])
      expect(
        (await call('POST', { 'activity-key': kind, 'provided-key': `session-${kind}-1` })).statusCode,
      ).toBe(200);
    expect((await kinds()).slice(before)).toEqual(['login', 'signUp', 'logout']);
    expect(
      (await call('POST', { 'activity-key': 'alertsViewed', 'provided-key': 'wrong-call-1' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', { 'activity-key': 'login', 'provided-key': 'wrong-call-2' })).statusCode).toBe(
      400,
    );
  });

  it('refuses missing or wrong keys and stores nothing; needs a session', async () => {
    const before = (await kinds()).length;
    const bad: Record<string, string>[] = [
      {},
      { 'activity-key': 'infoViewed' },
      { 'provided-key': 'no-kind-given' },
      { 'activity-key': 'nothingViewed', 'provided-key': 'unknown-kind' },
      { 'activity-key': 'infoViewed', 'provided-key': '1234567' },
      { 'activity-key': 'infoViewed', 'provided-key': 'x'.repeat(101) },
    ];
    for (const headers of bad)
      expect((await call('PUT', headers)).statusCode, JSON.stringify(headers)).toBe(400);
    expect((await call('PUT', { 'activity-key': 'infoViewed', 'provided-key': '12345678' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', { 'activity-key': 'infoViewed', 'provided-key': 'y'.repeat(100) })).statusCode,
    ).toBe(200);
    expect((await kinds()).length).toBe(before + 2);
    const anonymous = await portal.app.inject({
      method: 'PUT',
      url: '/api/saveUserActivities',
      headers: { 'activity-key': 'infoViewed', 'provided-key': 'anonymous-1' },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
