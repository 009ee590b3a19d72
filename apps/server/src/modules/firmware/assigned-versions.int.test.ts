import type { CustomersPage, GatewayPage, GatewaySummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { customerFwName, firmwareName, osPatchName, pycFile, zipFile } from './test-files.ts';
import { firmwareCalls } from './test-helpers.ts';

/**
 * Issue 16: the gateway lists carry the versions assigned to each gateway (its customer's latest applied
 * firmware, OS patch and customer app) beside the ones it reports, so a difference can be shown.
 */
describe(`assigned versions on the gateway lists (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let owner: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let stranger: Awaited<ReturnType<typeof createCustomerWithUser>>;
  const current = randomMac();
  const behind = randomMac();
  const strangers = randomMac();

  beforeAll(async () => {
    // The gateways never connect: no rollout reaches them, they report what the test sets.
    portal = await startPortal({ FIRMWARE_TICK_SECONDS: '60' });
    root = await signIn(portal);
    const calls = firmwareCalls(portal);
    owner = await createCustomerWithUser(portal, 'Assigned');
    stranger = await createCustomerWithUser(portal, 'Stranger');
    for (const [tenantId, mac, name] of [
      [owner.tenant.id, current, 'Current'],
      [owner.tenant.id, behind, 'Behind'],
      [stranger.tenant.id, strangers, 'Elsewhere'],
    ] as const)
      await portal.services.gateways.provision(tenantId, mac, name, { registered: true });
    // What the gateways report (their state): one on the versions applied below, one on older ones.
    const db = portal.database.db;
    await db
      .updateTable('gateways')
      .set({ firmware: '20250304', os_version: '01.02' })
      .where('mac', '=', current)
      .execute();
    await db
      .updateTable('gateways')
      .set({ firmware: 'v2024-05-12', os_version: '5.15.1' })
      .where('mac', 'in', [behind, strangers])
      .execute();
    for (const [kind, name, data] of [
      ['firmware', firmwareName('2025-03-04'), pycFile()],
      ['osPatch', osPatchName('01.02'), zipFile()],
      ['customerFw', customerFwName('03.2'), zipFile()],
    ] as const) {
      const uploaded = await calls.upload(root, kind, name, data);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const applied = await calls.apply(root, kind, uploaded.json().id, owner.tenant.id);
      expect(applied.statusCode, applied.body).toBe(200);
    }
    // The customer app is reported in update progress only: the current gateway booted it.
    await db
      .updateTable('firmware_rollout_targets')
      .set({ state: 'verifying', reported_version: '03.2', booted_at: new Date() })
      .where('gateway_mac', '=', current)
      .where(
        'rollout_id',
        'in',
        db.selectFrom('firmware_rollouts').select('id').where('kind', '=', 'customerFw'),
      )
      .execute();
  });
  afterAll(async () => {
    await portal?.close();
  });

  const list = async (cookie: string, scopeId: string) => {
    const response = await injectAs(portal, cookie, 'GET', '/api/gateway/get-gateways', {
      query: { scopeId },
    });
    expect(response.statusCode, response.body).toBe(200);
    return new Map(response.json<GatewaySummary[]>().map((g) => [g.macId, g]));
  };

  it('shows the assigned versions beside the reported ones, equal or not', async () => {
    const rows = await list(root, owner.tenant.id);
    expect(rows.get(current)).toMatchObject({
      firmware: '20250304',
      assignedFirmware: '20250304',
      OSversion: '01.02',
      assignedOSversion: '01.02',
      customerFw: '03.2',
      assignedCustomerFw: '03.2',
    });
    expect(rows.get(behind)).toMatchObject({
      firmware: 'v2024-05-12',
      assignedFirmware: '20250304',
      OSversion: '5.15.1',
      assignedOSversion: '01.02',
      customerFw: null,
      assignedCustomerFw: '03.2',
    });
    // The gateways page's window (the cards and the list view) carries the same.
    const page = await injectAs(portal, root, 'GET', '/api/gateway/get-gateways-page', {
      query: { scopeId: owner.tenant.id, offset: 0, limit: 10 },
    });
    expect(page.statusCode, page.body).toBe(200);
    const windowRows = new Map(page.json<GatewayPage>().gateways.map((g) => [g.macId, g]));
    expect(windowRows.get(behind)).toMatchObject({ firmware: 'v2024-05-12', assignedFirmware: '20250304' });
    expect(windowRows.get(current)).toMatchObject({ firmware: '20250304', assignedFirmware: '20250304' });
    // The customer's own user sees its gateways so too.
    const own = await list(await signIn(portal, owner.email, owner.password), owner.tenant.id);
    expect(own.get(behind)?.assignedOSversion).toBe('01.02');
  });

  it('a gateway of a customer with nothing applied has no assigned version', async () => {
    const rows = await list(root, stranger.tenant.id);
    expect(rows.get(strangers)).toMatchObject({
      firmware: 'v2024-05-12',
      assignedFirmware: null,
      assignedOSversion: null,
      assignedCustomerFw: null,
      customerFw: null,
    });
  });

  it('forgets a deleted version: the customer keeps its latest remaining one, or none (issue 30.2)', async () => {
    const calls = firmwareCalls(portal);
    const customer = await createCustomerWithUser(portal, 'Deleted');
    for (const version of ['06.00', '06.01']) {
      const uploaded = await calls.upload(root, 'osPatch', osPatchName(version), zipFile());
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const applied = await calls.apply(root, 'osPatch', uploaded.json().id, customer.tenant.id);
      expect(applied.statusCode, applied.body).toBe(200);
    }
    // The customer had no gateway: its rollouts are over, so 06.01 may be deleted.
    const db = portal.database.db;
    await db
      .updateTable('firmware_rollouts')
      .set({ status: 'completed' })
      .where('tenant_id', '=', customer.tenant.id)
      .execute();
    expect((await calls.remove(root, 'osPatch', ['06.01'])).statusCode).toBe(200);
    // A gateway moved into the customer afterwards, running the version the customer still has.
    const movedIn = randomMac();
    await portal.services.gateways.provision(customer.tenant.id, movedIn, 'Moved in', { registered: true });
    await db.updateTable('gateways').set({ os_version: '06.00' }).where('mac', '=', movedIn).execute();
    const mismatches = async () => {
      const response = await injectAs(portal, root, 'GET', '/api/customers', {
        query: { search: customer.tenant.name, pageSize: 10 },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CustomersPage>().customers.find((c) => c.id === customer.tenant.id)
        ?.versionMismatchCount;
    };
    expect((await list(root, customer.tenant.id)).get(movedIn)).toMatchObject({
      OSversion: '06.00',
      assignedOSversion: '06.00',
    });
    expect(await mismatches()).toBe(0);
    // With 06.00 deleted too, nothing is assigned any more and nothing differs.
    expect((await calls.remove(root, 'osPatch', ['06.00'])).statusCode).toBe(200);
    expect((await list(root, customer.tenant.id)).get(movedIn)?.assignedOSversion).toBeNull();
    expect(await mismatches()).toBe(0);
    // The downgrade gate still remembers 06.01: an older version cannot be applied.
    const older = await calls.upload(root, 'osPatch', osPatchName('05.00'), zipFile());
    const refused = await calls.apply(root, 'osPatch', older.json().id, customer.tenant.id);
    expect(refused.statusCode).toBe(409);
  });

  it("another customer's user sees neither the gateways nor their versions", async () => {
    const cookie = await signIn(portal, stranger.email, stranger.password);
    for (const url of ['/api/gateway/get-gateways', '/api/gateway/get-gateways-page']) {
      const response = await injectAs(portal, cookie, 'GET', url, {
        query: { scopeId: owner.tenant.id, offset: 0, limit: 10 },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('20250304');
    }
    const own = await list(cookie, stranger.tenant.id);
    expect([...own.keys()]).toEqual([strangers]);
    expect(own.get(strangers)?.assignedFirmware).toBeNull();
  });
});
