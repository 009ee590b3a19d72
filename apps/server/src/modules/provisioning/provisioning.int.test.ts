import { DEFAULT_PERMISSIONS, type ProvisionedGateway } from '@portal/contract';
import { startSimulation } from '@portal/gateway-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  injectAs,
  ROOT_EMAIL,
  ROOT_PASSWORD,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';

describe(`POST /api/gateway/provision (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  const permissions = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'GATEWAY_WRITE'];

  beforeAll(async () => {
    portal = await startPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha', { permissions });
    beta = await createCustomerWithUser(portal, 'Beta', { permissions });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const provision = async (who: { email: string; password: string }, payload: Record<string, unknown>) =>
    injectAs(portal, await signIn(portal, who.email, who.password), 'POST', '/api/gateway/provision', {
      payload,
    });

  it('creates gateways in the customer whose credentials connect them', async () => {
    const response = await provision(alpha, { scopeId: alpha.tenant.id, count: 2, name: 'Lab' });
    expect(response.statusCode).toBe(200);
    const created = response.json() as ProvisionedGateway[];
    expect(created).toHaveLength(2);
    for (const gateway of created) {
      expect(gateway.mac).toMatch(/^02[0-9A-F]{10}$/);
      expect(gateway.scopeId).toBe(alpha.tenant.id);
    }
    const rows = await portal.database.db
      .selectFrom('gateways')
      .select(['name', 'tenant_id'])
      .where(
        'mac',
        'in',
        created.map((g) => g.mac),
      )
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual(created.map((g) => `Lab ${g.mac.slice(-4)}`).sort());
    const simulation = startSimulation({ brokerUrl: portal.deviceBrokerUrl, gateways: created });
    try {
      await simulation.whenConnected();
    } finally {
      await simulation.stop();
    }
  });

  it('takes 1 to 100 gateways at once', async () => {
    expect((await provision(alpha, { scopeId: alpha.tenant.id, count: 0 })).statusCode).toBe(400);
    expect((await provision(alpha, { scopeId: alpha.tenant.id, count: 101 })).statusCode).toBe(400);
    expect((await provision(alpha, { scopeId: alpha.tenant.id, count: 1 })).statusCode).toBe(200);
    expect((await provision(alpha, { scopeId: alpha.tenant.id, count: 100 })).json()).toHaveLength(100);
  });

  it('refuses the free-tier scope and the support tenant, even for root', async () => {
    const root = await signIn(portal, ROOT_EMAIL, ROOT_PASSWORD);
    const tenantOf = (kind: 'free_tier' | 'support') =>
      portal.database.db.selectFrom('tenants').select('id').where('kind', '=', kind).executeTakeFirst();
    if (!(await tenantOf('support'))) {
      // The support tenant is made by configuration, not at first start: one as the operator would add it.
      const rootTenant = (await portal.database.db
        .selectFrom('tenants')
        .select('id')
        .where('kind', '=', 'root')
        .executeTakeFirstOrThrow()) as { id: string };
      await portal.database.db
        .insertInto('tenants')
        .values({
          name: 'Support',
          customer_id: 'support-desk',
          kind: 'support',
          parent_id: rootTenant.id,
          ancestors: [rootTenant.id],
          primary_theme_color: '#123456',
          secondary_theme_color: '#ffffff',
        })
        .execute();
    }
    const shared = [await tenantOf('free_tier'), await tenantOf('support')];
    expect(shared.every(Boolean)).toBe(true);
    for (const tenant of shared as { id: string }[]) {
      const response = await injectAs(portal, root, 'POST', '/api/gateway/provision', {
        payload: { scopeId: tenant.id, count: 1, name: 'Stray' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'Gateways cannot be provisioned into this customer.',
      });
      const held = await portal.database.db
        .selectFrom('gateways')
        .select('mac')
        .where('tenant_id', '=', tenant.id);
      expect(await held.execute()).toEqual([]);
    }
  });

  it('answers 404 for a customer of another tenant and 403 without GENERATE_GATEWAY_TOKEN', async () => {
    const before = await portal.database.db.selectFrom('gateways').select('mac').execute();
    expect((await provision(beta, { scopeId: alpha.tenant.id, count: 1 })).statusCode).toBe(404);
    const viewer = await createCustomerWithUser(portal, 'Viewer', {
      permissions: [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ'],
    });
    expect((await provision(viewer, { scopeId: viewer.tenant.id, count: 1 })).statusCode).toBe(403);
    expect(await portal.database.db.selectFrom('gateways').select('mac').execute()).toHaveLength(
      before.length,
    );
  });
});
