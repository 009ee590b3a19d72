import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { PRINCIPAL_CHANGES_CHANNEL } from './session-cache.ts';

// Issue 20.6: a session served lately comes from the instance's cache, and whatever changes it in the
// database (by this instance, another one, or a hand at psql) is announced by the database and forgotten.
// A change made through this instance's own pool (as here) is heard before the statement's answer, on both
// backends, so the next request already sees it; another instance hears it a moment later
// (cluster-faults.real.int.test.ts).

describe(`sessions served from the cache (${backend} backend)`, () => {
  let portal: TestPortal;
  let user: { email: string; password: string; tenant: { id: string } };
  let userId: string;

  const cache = () => portal.services.auth.cache;
  const details = (cookie: string) => injectAs(portal, cookie, 'GET', '/api/user-details');
  /**
   * A signed-in session of the customer's user, served until a request came from the cache. The sign-in's
   * own announcement may be heard after the first read began, which then is not kept: the next one is.
   */
  const warmSession = async () => {
    const cookie = await signIn(portal, user.email, user.password);
    await waitFor(async () => {
      const before = cache().lookups.cached;
      expect((await details(cookie)).statusCode).toBe(200);
      return cache().lookups.cached === before + 1;
    }, 5_000);
    return cookie;
  };
  beforeAll(async () => {
    portal = await startPortal();
    user = await createCustomerWithUser(portal, 'Cached');
    userId = (
      await portal.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow()
    ).id;
    await waitFor(async () => cache().isListening, 5_000);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('a session ended in the database by any hand is refused at the next request', async () => {
    const cookie = await warmSession();
    await portal.database.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    expect((await details(cookie)).statusCode).toBe(401);
  });

  it('a session whose idle clock is set back past 15 minutes is refused at the next request', async () => {
    const cookie = await warmSession();
    await portal.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 16 * 60_000) })
      .where('user_id', '=', userId)
      .execute();
    expect((await details(cookie)).statusCode).toBe(401);
  });

  it('a permission taken from the user is gone at the next request', async () => {
    const cookie = await warmSession();
    const permissionsNow = async () => (await details(cookie)).json().permissions as string[];
    expect(await permissionsNow()).toContain('IOT_DEVICE_READ');
    const states = () =>
      injectAs(
        portal,
        cookie,
        'GET',
        '/api/device/states/macId/001122334455/fromTime/1780000000000/toTime/1780000100000',
      );
    const allowed = await states();
    expect(allowed.statusCode, allowed.body).toBe(404);

    const { permissions } = await portal.database.db
      .selectFrom('users')
      .select('permissions')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await portal.database.db
      .updateTable('users')
      .set({ permissions: permissions.filter((p) => p !== 'IOT_DEVICE_READ') })
      .where('id', '=', userId)
      .execute();
    expect((await states()).statusCode).toBe(403);
    expect(await permissionsNow()).not.toContain('IOT_DEVICE_READ');
    await portal.database.db.updateTable('users').set({ permissions }).where('id', '=', userId).execute();
  });

  it('a user moved to another customer acts in the new one at the next request', async () => {
    const cookie = await warmSession();
    const other = await createCustomerWithUser(portal, 'Elsewhere');
    await portal.database.db
      .updateTable('users')
      .set({ tenant_id: other.tenant.id })
      .where('id', '=', userId)
      .execute();
    const tenantNow = async () => (await details(cookie)).json().tenant.id as string;
    expect(await tenantNow()).toBe(other.tenant.id);
    await portal.database.db
      .updateTable('users')
      .set({ tenant_id: user.tenant.id })
      .where('id', '=', userId)
      .execute();
  });

  it('signing out forgets the session on this instance before the answer', async () => {
    const cookie = await warmSession();
    const out = await injectAs(portal, cookie, 'POST', '/api/logout');
    expect(out.statusCode).toBeLessThan(300);
    expect((await details(cookie)).statusCode).toBe(401);
  });

  it('the database announces every change of a session, user or tenant row, and an emptied table', async () => {
    const heard: string[] = [];
    const stop = portal.database.listen(PRINCIPAL_CHANGES_CHANNEL, {
      message: (payload) => heard.push(payload),
      ready: () => heard.push('ready'),
      lapsed: () => {},
    });
    try {
      await waitFor(async () => heard.includes('ready'), 5_000);
      const cookie = await signIn(portal, user.email, user.password);
      const { db } = portal.database;
      const { id_hash } = await db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date() })
        .where('id_hash', '=', id_hash)
        .execute();
      await db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', userId).execute();
      await db
        .updateTable('tenants')
        .set({ name: `Renamed ${userId}` })
        .where('id', '=', user.tenant.id)
        .execute();
      await db.deleteFrom('sessions').where('id_hash', '=', id_hash).execute();
      await sql`TRUNCATE sessions CASCADE`.execute(db);
      await waitFor(
        async () => heard.includes('*'),
        2_000,
        () => JSON.stringify(heard),
      );
      // On PostgreSQL a change is heard twice (by the connection that made it and by the listening one).
      expect([...new Set(heard)]).toEqual([
        'ready',
        `sessions:${id_hash}`,
        `users:${userId}`,
        `tenants:${user.tenant.id}`,
        '*',
      ]);
      // The session's clock written, then the session deleted: two announcements.
      expect(heard.filter((payload) => payload === `sessions:${id_hash}`).length).toBeGreaterThanOrEqual(2);
      expect((await details(cookie)).statusCode).toBe(401);
    } finally {
      await stop();
    }
  });
});
