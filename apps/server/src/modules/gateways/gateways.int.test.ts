import { randomUUID } from 'node:crypto';
import { DEFAULT_PERMISSIONS, type GatewaySummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  signIn,
  startPortal,
  type TestPortal,
} from '../../../test/harness.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';

describe(`GET /api/gateway/get-gateways (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaChild: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  const macs = { alpha: randomMac(), alphaChild: randomMac(), beta: randomMac() };

  beforeAll(async () => {
    portal = await startPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha');
    alphaChild = await createCustomerWithUser(portal, 'AlphaSub', { parentId: alpha.tenant.id });
    beta = await createCustomerWithUser(portal, 'Beta');
    const { gateways, telemetry } = portal.services;
    await gateways.provision(alpha.tenant.id, macs.alpha, 'A gateway');
    await gateways.provision(alphaChild.tenant.id, macs.alphaChild, 'B gateway');
    await gateways.provision(beta.tenant.id, macs.beta, 'C gateway');
    const device = { mac: macs.alpha, tenantId: alpha.tenant.id };
    await telemetry.recordSamples(device, [{ TI: 1_800_000_000_000, CO2: 500 }]);
    await telemetry.recordSamples(device, [{ TI: 1_800_000_005_000, CO2: 612.25, TEMP: 21.5 }]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const list = async (cookie: string, scopeId: string) =>
    portal.app.inject({
      method: 'GET',
      url: `/api/gateway/get-gateways?scopeId=${scopeId}`,
      headers: { cookie },
    });

  it("lists a customer's gateways and its sub-customers', with the latest sample", async () => {
    const response = await list(await signIn(portal, alpha.email, alpha.password), alpha.tenant.id);
    expect(response.statusCode).toBe(200);
    const gateways = response.json() as GatewaySummary[];
    expect(gateways.map((g) => g.macId)).toEqual([macs.alpha, macs.alphaChild]);
    expect(gateways[0]).toMatchObject({
      name: 'A gateway',
      scopeId: alpha.tenant.id,
      deviceStatus: 'offline',
      latest: { TI: 1_800_000_005_000, CO2: 612.25, TEMP: 21.5 },
    });
    expect(gateways[1]!.latest).toBeNull();
  });

  it('gives a user of another tenant nothing: 404, as for an id that does not exist', async () => {
    const cookie = await signIn(portal, beta.email, beta.password);
    for (const scopeId of [alpha.tenant.id, alphaChild.tenant.id, randomUUID()]) {
      const response = await list(cookie, scopeId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Customer not found' });
    }
  });

  it('lets a sub-customer see its own gateways but not its parent', async () => {
    const cookie = await signIn(portal, alphaChild.email, alphaChild.password);
    expect((await list(cookie, alphaChild.tenant.id)).json().map((g: GatewaySummary) => g.macId)).toEqual([
      macs.alphaChild,
    ]);
    expect((await list(cookie, alpha.tenant.id)).statusCode).toBe(404);
  });

  it('lets the root administrator see every customer from the root scope', async () => {
    const root = await new TenantsRepository(portal.database.db).findByKind('root');
    const response = await list(await signIn(portal), root!.id);
    expect(response.json().map((g: GatewaySummary) => g.macId)).toEqual(
      expect.arrayContaining([macs.alpha, macs.alphaChild, macs.beta]),
    );
  });

  it('refuses without a session, without IOT_DEVICE_READ, and with a malformed scope id', async () => {
    expect(
      (
        await portal.app.inject({
          method: 'GET',
          url: `/api/gateway/get-gateways?scopeId=${alpha.tenant.id}`,
        })
      ).statusCode,
    ).toBe(401);
    const reader = await createCustomerWithUser(portal, 'NoRead', {
      parentId: alpha.tenant.id,
      permissions: [...DEFAULT_PERMISSIONS],
    });
    const cookie = await signIn(portal, reader.email, reader.password);
    expect((await list(cookie, reader.tenant.id)).statusCode).toBe(403);
    const malformed = await list(await signIn(portal), 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
  });
});
