import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomerWithUser,
  endBrokerSessions,
  injectAs,
  REAL_MQTT,
  randomTag,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { buildApp, type Portal } from '../../app.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/notifications.ts';

// Issue 20.6 across instances: instance B keeps the sessions it served; what instance A changes (a sign-out,
// a permission taken) reaches B through PostgreSQL's announcements, and a B that stops hearing them serves
// nothing from its cache until it hears them again. Two instances on one database: the real backend only.

describe('the session cache across two portal instances on one PostgreSQL', () => {
  let a: TestPortal;
  let b: Portal;
  let user: { email: string; password: string };
  const clientId = `portal-test-second-${randomTag(6)}`;

  const details = (portal: Portal, cookie: string) => injectAs(portal, cookie, 'GET', '/api/user-details');
  /** Signed in on A; served twice by B, the second time from B's cache. */
  const sessionCachedOnB = async () => {
    const cookie = await signIn(a, user.email, user.password);
    expect((await details(b, cookie)).statusCode).toBe(200);
    const cached = b.services.auth.cache.lookups.cached;
    expect((await details(b, cookie)).statusCode).toBe(200);
    expect(b.services.auth.cache.lookups.cached).toBe(cached + 1);
    return cookie;
  };
  /** Milliseconds until B answers `status` to `cookie` (polled every 5 ms, at most 2 s). */
  const msUntilB = async (cookie: string, status: number) => {
    const started = performance.now();
    while ((await details(b, cookie)).statusCode !== status) {
      if (performance.now() - started > 2_000) throw new Error(`B did not answer ${status} within 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return performance.now() - started;
  };

  beforeAll(async () => {
    a = await startPortal();
    user = await createCustomerWithUser(a, 'Two instances');
    b = await buildApp({ ...a.config, MQTT_CLIENT_ID: clientId }, pino({ level: 'silent' }));
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    await waitFor(async () => a.services.auth.cache.isListening && b.services.auth.cache.isListening, 5_000);
  });
  afterAll(async () => {
    await b?.app.close();
    await endBrokerSessions(REAL_MQTT, clientId, a.config.MQTT_CONSUMERS);
    await a?.close();
  });

  it('a sign-out on A is refused by B within moments, though B had the session cached', async () => {
    const cookie = await sessionCachedOnB();
    expect((await injectAs(a, cookie, 'POST', '/api/logout')).statusCode).toBeLessThan(300);
    const ms = await msUntilB(cookie, 401);
    expect(ms).toBeLessThan(1_000);
  });

  it('a permission taken on A is missing on B within moments', async () => {
    const cookie = await sessionCachedOnB();
    const { db } = a.database;
    const row = await db
      .selectFrom('users')
      .select(['id', 'permissions'])
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ permissions: row.permissions.filter((p) => p !== 'PORTAL_USER_DETAILS') })
      .where('id', '=', row.id)
      .execute();
    expect(await msUntilB(cookie, 403)).toBeLessThan(1_000);
    await db.updateTable('users').set({ permissions: row.permissions }).where('id', '=', row.id).execute();
  });

  it('a B that lost its listening connection forgets what it kept, and caches again once it listens again', async () => {
    const cookie = await sessionCachedOnB();
    const cache = b.services.auth.cache;
    const lapses = cache.lapses;
    // Every instance's listening connection cut, as a database restart or a network fault would.
    const cut = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
      a.database.db,
    );
    expect(cut.rows.filter((row) => row.ended).length).toBe(2);
    await waitFor(async () => cache.lapses > lapses, 2_000);
    // Lapsed, or back already: either way what was kept before the cut is not served.
    const fromDatabase = cache.lookups.database;
    expect((await details(b, cookie)).statusCode).toBe(200);
    expect(cache.lookups.database).toBe(fromDatabase + 1);

    await waitFor(async () => cache.isListening, 5_000);
    await sessionCachedOnB();
  });
});
