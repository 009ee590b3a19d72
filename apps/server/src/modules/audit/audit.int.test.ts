import { superAdminPreset } from '@portal/contract';
import { sql } from 'kysely';
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
import { runWithAuditContext } from '../../lib/audit-context.ts';

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>>;
interface Entry {
  actorEmail: string | null;
  action: string;
  operation: string;
  table: string;
  targetId: string | null;
  tenantId: string | null;
  summary: Record<string, { from?: unknown; to?: unknown }>;
  requestId: string | null;
  address: string | null;
}

describe(`audit log (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let alpha: Customer;
  let alphaAdmin: string;
  let kid: Customer;
  let kidAdmin: string;
  let beta: Customer;
  let betaAdmin: string;

  beforeAll(async () => {
    portal = await startPortal();
    root = await signIn(portal);
    const permissions = [...superAdminPreset(false), 'IOT_DEVICE_SCOPE_MIGRATE'];
    alpha = await createCustomerWithUser(portal, 'Alpha', { permissions });
    kid = await createCustomerWithUser(portal, 'Kid', { permissions, parentId: alpha.tenant.id });
    beta = await createCustomerWithUser(portal, 'Beta', { permissions });
    [alphaAdmin, kidAdmin, betaAdmin] = await Promise.all([
      signIn(portal, alpha.email, alpha.password),
      signIn(portal, kid.email, kid.password),
      signIn(portal, beta.email, beta.password),
    ]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const entries = async (cookie: string, query: Record<string, string> = {}) => {
    const response = await injectAs(portal, cookie, 'GET', '/api/audit', {
      query: { pageSize: 100, ...query },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: Entry[]; total: number };
  };
  const graphOption = (cookie: string, option: 'On' | 'Off', scopeId: string) =>
    injectAs(portal, cookie, 'POST', `/api/iotdevices/${option}/scopeId/${scopeId}`);

  it('writes who, what, target, the change, the request id and the address with the change itself', async () => {
    const response = await portal.app.inject({
      method: 'POST',
      url: `/api/iotdevices/On/scopeId/${alpha.tenant.id}`,
      headers: { cookie: alphaAdmin },
      remoteAddress: '203.0.113.7',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = await entries(alphaAdmin, { what: 'portal_config' });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      actorEmail: alpha.email,
      action: 'POST /api/iotdevices/:graphOption/scopeId/:id',
      operation: 'INSERT',
      table: 'portal_config',
      tenantId: alpha.tenant.id,
      address: '203.0.113.7',
    });
    expect(items[0]!.requestId).toBeTruthy();
    expect(items[0]!.summary.graph_option).toEqual({ to: 'On' });

    expect((await graphOption(alphaAdmin, 'Off', alpha.tenant.id)).statusCode).toBe(200);
    const updated = (await entries(alphaAdmin, { what: 'portal_config' })).items[0]!;
    expect(updated.operation).toBe('UPDATE');
    expect(updated.summary.graph_option).toEqual({ from: 'On', to: 'Off' });
  });

  it('keeps no row of a change that failed: the row goes with the rolled-back transaction', async () => {
    const context = {
      userId: null,
      tenantId: alpha.tenant.id,
      action: 'TEST failing',
      requestId: 'r-fail',
      address: '::1',
    };
    await expect(
      runWithAuditContext(context, () =>
        portal.database.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('tenants')
            .set({ name: 'Renamed' })
            .where('id', '=', alpha.tenant.id)
            .execute();
          throw new Error('the change fails after its first statement');
        }),
      ),
    ).rejects.toThrow('fails');
    const rows = await portal.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('request_id', '=', 'r-fail')
      .execute();
    expect(rows).toHaveLength(0);
    // The same change committed is recorded, with the name before and after.
    await runWithAuditContext({ ...context, requestId: 'r-ok' }, () =>
      portal.database.db
        .updateTable('tenants')
        .set({ name: `${alpha.tenant.name} 2` })
        .where('id', '=', alpha.tenant.id)
        .execute(),
    );
    const ok = await portal.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', 'r-ok')
      .execute();
    expect(ok).toHaveLength(1);
    expect(ok[0]!.summary).toEqual({ name: { from: alpha.tenant.name, to: `${alpha.tenant.name} 2` } });
    // Outside any call (device traffic, jobs) nothing is recorded.
    const before = await count();
    await portal.database.db
      .updateTable('tenants')
      .set({ name: alpha.tenant.name })
      .where('id', '=', alpha.tenant.id)
      .execute();
    expect(await count()).toBe(before);
  });

  const count = async () =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from audit_log`.execute(portal.database.db)).rows[0]!.n,
    );

  it('never writes a secret into the log: passwords, passcodes, TOTP secrets show as [redacted]', async () => {
    const db = portal.database.db;
    await runWithAuditContext(
      {
        userId: null,
        tenantId: alpha.tenant.id,
        action: 'TEST secrets',
        requestId: 'r-secret',
        address: '::1',
      },
      () =>
        db
          .updateTable('users')
          .set({ password_hash: 'new-hash-value', totp_secret: 'TOTPSECRET', first_name: 'Alpha2' })
          .where('email', '=', alpha.email)
          .execute(),
    );
    const row = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', 'r-secret')
      .executeTakeFirstOrThrow();
    expect(row.summary.password_hash).toEqual({ from: '[redacted]', to: '[redacted]' });
    expect(row.summary.totp_secret).toEqual({ to: '[redacted]' });
    expect(row.summary.first_name).toEqual({ from: 'Alpha', to: 'Alpha2' });
    expect(JSON.stringify(row.summary)).not.toMatch(/new-hash-value|TOTPSECRET/);
  });

  it('never lets a row be updated, deleted or truncated; retention removes only rows past it', async () => {
    const db = portal.database.db;
    await expect(sql`update audit_log set action = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await sql`insert into audit_log (at, action, operation, table_name, request_id)
      values (now() - interval '400 days', 'old', 'UPDATE', 'tenants', 'r-old')`.execute(db);
    const before = await count();
    expect(await portal.services.audit.purge()).toBe(1);
    expect(await count()).toBe(before - 1);
  });

  it('shows a customer administrator its tenant and the tenants below it, nothing of another tenant; root sees all', async () => {
    expect((await graphOption(kidAdmin, 'On', kid.tenant.id)).statusCode).toBe(200);
    expect((await graphOption(betaAdmin, 'On', beta.tenant.id)).statusCode).toBe(200);
    const tenantsOf = async (cookie: string) => new Set((await entries(cookie)).items.map((e) => e.tenantId));
    const alphaSees = await tenantsOf(alphaAdmin);
    expect(alphaSees.has(alpha.tenant.id) && alphaSees.has(kid.tenant.id)).toBe(true);
    expect(alphaSees.has(beta.tenant.id)).toBe(false);
    const betaSees = await entries(betaAdmin);
    expect(betaSees.items.every((e) => e.tenantId === beta.tenant.id)).toBe(true);
    expect(betaSees.items.some((e) => e.actorEmail === alpha.email)).toBe(false);
    const kidSees = await tenantsOf(kidAdmin);
    expect([...kidSees]).toEqual([kid.tenant.id]);
    const rootSees = await tenantsOf(root);
    for (const id of [alpha.tenant.id, kid.tenant.id, beta.tenant.id]) expect(rootSees.has(id)).toBe(true);
    // Filters: who, what, target, time.
    expect((await entries(root, { who: beta.email })).items.every((e) => e.actorEmail === beta.email)).toBe(
      true,
    );
    expect((await entries(root, { who: 'nobody-such' })).total).toBe(0);
    expect((await entries(root, { target: 'no-such-target' })).total).toBe(0);
    expect((await entries(root, { from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect((await entries(root, { to: new Date(Date.now() - 3600_000).toISOString() })).total).toBe(0);
    // A user without SCOPE_READ has no Activity screen.
    const plain = await createCustomerWithUser(portal, 'Plain');
    expect(
      (await injectAs(portal, await signIn(portal, plain.email, plain.password), 'GET', '/api/audit'))
        .statusCode,
    ).toBe(403);
  });

  it('exports the same rows as CSV, formula-looking cells neutralised', async () => {
    await runWithAuditContext(
      {
        userId: null,
        tenantId: beta.tenant.id,
        action: '=HYPERLINK("x")',
        requestId: 'r-csv',
        address: '::1',
      },
      () =>
        portal.database.db
          .updateTable('tenants')
          .set({ name: `${beta.tenant.name}!` })
          .where('id', '=', beta.tenant.id)
          .execute(),
    );
    const response = await injectAs(portal, betaAdmin, 'GET', '/api/audit/csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Activity.csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('Time,Activity,Who,Action,Operation,Table,Target,Customer,Changes,Request,Address');
    expect(lines.length).toBe((await entries(betaAdmin)).total + 1);
    expect(response.body).toContain(`'=HYPERLINK`);
    expect(response.body).not.toContain(alpha.email);
    expect((await injectAs(portal, root, 'GET', '/api/audit/csv')).body).toContain(
      ROOT_EMAIL.length ? 'tenants' : '',
    );
  });
});
