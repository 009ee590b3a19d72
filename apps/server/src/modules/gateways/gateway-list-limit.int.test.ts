import { GATEWAY_LIST_MAX_LIMIT, type GatewaySummary } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomMac,
  sharedPortal,
  signIn,
  type TestPortal,
} from '../../../test/harness.ts';

/** The first gateways by name (get-gateways `limit`, kept for other clients of the spec's call). */
describe(`GET /api/gateway/get-gateways?limit= (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaCookie: string;

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'Alpha');
    beta = await createCustomerWithUser(portal, 'Beta');
    for (const name of ['Gamma', 'Alpha', 'Delta', 'Beta']) {
      await portal.services.gateways.provision(alpha.tenant.id, randomMac(), name);
    }
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
  });

  const list = (cookie: string, query: string) =>
    portal.app.inject({ method: 'GET', url: `/api/gateway/get-gateways?${query}`, headers: { cookie } });

  it('gives the first gateways by name', async () => {
    const response = await list(alphaCookie, `scopeId=${alpha.tenant.id}&limit=2`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as GatewaySummary[]).map((g) => g.name)).toEqual(['Alpha', 'Beta']);
  });

  it('gives every gateway without a limit or with a limit above the count', async () => {
    for (const query of [
      `scopeId=${alpha.tenant.id}`,
      `scopeId=${alpha.tenant.id}&limit=${GATEWAY_LIST_MAX_LIMIT}`,
    ]) {
      const response = await list(alphaCookie, query);
      expect((response.json() as GatewaySummary[]).map((g) => g.name)).toEqual([
        'Alpha',
        'Beta',
        'Delta',
        'Gamma',
      ]);
    }
  });

  it('accepts a limit from 1 to 500 and refuses 0, 501 and a fraction', async () => {
    expect((await list(alphaCookie, `scopeId=${alpha.tenant.id}&limit=1`)).json()).toHaveLength(1);
    for (const limit of ['0', String(GATEWAY_LIST_MAX_LIMIT + 1), '2.5']) {
      const response = await list(alphaCookie, `scopeId=${alpha.tenant.id}&limit=${limit}`);
      expect(response.statusCode).toBe(400);
    }
  });

  it("answers 404 for another customer's scope, limit or not", async () => {
    const betaCookie = await signIn(portal, beta.email, beta.password);
    const response = await list(betaCookie, `scopeId=${alpha.tenant.id}&limit=2`);
    expect(response.statusCode).toBe(404);
  });
});
