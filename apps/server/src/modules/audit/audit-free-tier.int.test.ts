import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  type FreeTierUser,
  injectAs,
  sharedPortal,
  signIn,
  signUpFreeTierUser,
  type TestPortal,
} from '../../../test/harness.ts';

/*
 * Free-tier users are strangers to each other (DESIGN.md section 11): all of them are members of one shared
 * scope, whose audit rows (sign-ups with e-mail, name, phone, country and address, password changes) must not
 * reach the other members. The free tier has no Activity screen (docs/audit.md), so its members are refused.
 */
describe(`audit log and the free tier (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let a: FreeTierUser;
  let b: FreeTierUser;

  beforeAll(async () => {
    portal = await sharedPortal();
    root = await signIn(portal);
    a = await signUpFreeTierUser(portal, 'Ada');
    b = await signUpFreeTierUser(portal, 'Bob');
    const changed = await injectAs(portal, a.cookie, 'POST', '/api/changePassword', {
      payload: { oldPassword: a.password, newPassword: 'Changed12' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it("shows a free-tier user nothing of another free-tier user's rows, in the page or the CSV", async () => {
    // The rows exist: root sees A's sign-up and A's own password change.
    const rootPage = await injectAs(portal, root, 'GET', '/api/audit', {
      query: { pageSize: 100, target: a.id },
    });
    expect(rootPage.statusCode).toBe(200);
    expect(rootPage.body).toContain(a.email);
    const byA = await injectAs(portal, root, 'GET', '/api/audit', { query: { who: a.email } });
    expect(byA.json<{ total: number }>().total).toBeGreaterThan(0);

    for (const path of ['/api/audit', '/api/audit/csv']) {
      const response = await injectAs(portal, b.cookie, 'GET', path, { query: { pageSize: 100 } });
      expect(response.body, path).not.toContain(a.email);
      expect(response.body, path).not.toContain(a.id);
      expect(response.body, path).not.toContain('Ada');
      // The free tier has no Activity screen: its members are refused, as the web app offers them none.
      expect(response.statusCode, path).toBe(403);
    }
    // Nor with a filter naming A.
    const named = await injectAs(portal, b.cookie, 'GET', '/api/audit', { query: { who: a.email } });
    expect(named.body).not.toContain(a.email);
    expect(named.statusCode).toBe(403);
  });
});
