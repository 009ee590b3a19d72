import type { DashboardSummary, LocksPage } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };

/**
 * The Dashboard's lock figures (docs/dashboards.md): locks with low battery and the credentials not yet
 * delivered (the lock-access ledger's grants pending, sent, failed), and the locks lists they link to
 * (`battery=low`, `access=`), against locks and ledger rows built here. Beta holds the same kinds of rows and
 * sees only its own.
 */
describe(`dashboard lock figures (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;

  const customer = async (label: string) => {
    const created = await createCustomerWithUser(portal, label);
    return { ...created, cookie: await signIn(portal, created.email, created.password) };
  };

  /** A gateway with locks (name -> battery, removed), a lock user, and its access rows (lock name -> state). */
  const fleet = async (
    tenantId: string,
    prefix: string,
    locks: Record<string, { battery: number | null; removed?: boolean }>,
    access: Record<string, { state: 'pending' | 'sent' | 'confirmed' | 'failed'; revoking?: boolean }>,
  ) => {
    const db = portal.database.db;
    const gateway = randomMac();
    await portal.services.gateways.provision(tenantId, gateway, `${prefix} gateway`, { registered: true });
    const ids: Record<string, string> = {};
    for (const [name, lock] of Object.entries(locks)) {
      const row = await db
        .insertInto('locks')
        .values({
          tenant_id: tenantId,
          gateway_mac: gateway,
          mac: randomMac(),
          name: `${prefix} ${name}`,
          battery_level: lock.battery,
          reported_ti: Date.now(),
          removed_at: lock.removed ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
    }
    const user = await db
      .insertInto('lock_users')
      .values({
        tenant_id: tenantId,
        first_name: prefix,
        last_name: 'User',
        email: `${prefix.toLowerCase()}@test.com`,
        email_hash: prefix,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [name, row] of Object.entries(access)) {
      await db
        .insertInto('lock_user_access')
        .values({
          user_id: user.id,
          lock_id: ids[name]!,
          passcode: '1234',
          state: row.state,
          revoke_requested_at: row.revoking ? new Date() : null,
        })
        .execute();
    }
  };

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await customer('Alpha');
    beta = await customer('Beta');
    await fleet(
      alpha.tenant.id,
      'A',
      {
        // Under 20 % is low: 0 and 19, not 20, 100 or none reported; a removed lock does not count.
        L0: { battery: 0 },
        L19: { battery: 19 },
        L20: { battery: 20 },
        L100: { battery: 100 },
        Lnone: { battery: null },
        Lgone: { battery: 5, removed: true },
      },
      {
        L0: { state: 'pending' },
        L19: { state: 'pending' },
        L20: { state: 'sent' },
        L100: { state: 'failed' },
        // Delivered, a removal on its way, a removed lock's row: none is a credential waiting for delivery.
        Lnone: { state: 'confirmed' },
        Lgone: { state: 'pending' },
      },
    );
    // The removal on its way is a second user's row on a lock of its own.
    await fleet(alpha.tenant.id, 'R', { L: { battery: 50 } }, { L: { state: 'failed', revoking: true } });
    await fleet(
      beta.tenant.id,
      'B',
      { L1: { battery: 3 }, L2: { battery: 60 } },
      { L1: { state: 'failed' }, L2: { state: 'failed' } },
    );
  });

  const get = (cookie: string, url: string, query: Record<string, string | number> = {}) =>
    injectAs(portal, cookie, 'GET', url, { query });
  const locks = async (cookie: string, query: Record<string, string>) => {
    const response = await get(cookie, '/api/iot-service/get-all-locks', query);
    expect(response.statusCode).toBe(200);
    return ((response.json() as LocksPage).locks.map((l) => l.name) as string[]).sort();
  };

  it('counts the low-battery locks and the credentials not yet delivered, per state', async () => {
    const response = await get(alpha.cookie, '/api/dashboards/summary', { scopeId: alpha.tenant.id });
    expect(response.statusCode).toBe(200);
    expect((response.json() as DashboardSummary).locks).toEqual({
      total: 6,
      lowBattery: 2,
      credentials: { pending: 2, sent: 1, failed: 1 },
    });
    const betaFigures = await get(beta.cookie, '/api/dashboards/summary', { scopeId: beta.tenant.id });
    expect((betaFigures.json() as DashboardSummary).locks).toEqual({
      total: 2,
      lowBattery: 1,
      credentials: { pending: 0, sent: 0, failed: 2 },
    });
  });

  it('lists exactly the locks each figure counts', async () => {
    const scopeId = alpha.tenant.id;
    expect(await locks(alpha.cookie, { scopeId, battery: 'low' })).toEqual(['A L0', 'A L19']);
    expect(await locks(alpha.cookie, { scopeId, access: 'pending' })).toEqual(['A L0', 'A L19']);
    expect(await locks(alpha.cookie, { scopeId, access: 'sent' })).toEqual(['A L20']);
    expect(await locks(alpha.cookie, { scopeId, access: 'failed' })).toEqual(['A L100']);
    expect(await locks(alpha.cookie, { scopeId, access: 'pending', battery: 'low', search: 'L19' })).toEqual([
      'A L19',
    ]);
    // Without a scope: everything the caller reaches, Alpha's own only.
    expect(await locks(alpha.cookie, { access: 'failed' })).toEqual(['A L100']);
    const wrong: Record<string, string>[] = [{ battery: 'high' }, { access: 'confirmed' }, { access: '' }];
    for (const query of wrong) {
      expect((await get(alpha.cookie, '/api/iot-service/get-all-locks', query)).statusCode).toBe(400);
    }
  });

  it("gives another tenant's user nothing", async () => {
    for (const [url, query] of [
      ['/api/dashboards/summary', {}],
      ['/api/iot-service/get-all-locks', { battery: 'low' }],
      ['/api/iot-service/get-all-locks', { access: 'pending' }],
    ] as const) {
      const response = await get(beta.cookie, url, { scopeId: alpha.tenant.id, ...query });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('A L0');
    }
  });
});
