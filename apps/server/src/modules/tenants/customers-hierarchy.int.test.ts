import type { HierarchyNode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, type TestPortal } from '../../../test/harness.ts';
import { type Customer, customerCalls, ids, startCustomersPortal } from './test-helpers.ts';

describe(`customers (${backend} backend)`, () => {
  let portal: TestPortal;
  let root: string;
  let rootId: string;
  let alpha: Customer;
  let alphaAdmin: string;
  let alphaChild: Customer;
  let childAdmin: string;
  let beta: Customer;
  let betaAdmin: string;

  beforeAll(async () => {
    ({ portal, root, rootId, alpha, alphaAdmin, alphaChild, childAdmin, beta, betaAdmin } =
      await startCustomersPortal());
  });
  afterAll(async () => {
    await portal?.close();
  });

  const { get, newCustomer, gateways } = customerCalls(() => ({ portal, root }));

  describe('hierarchy and scope', () => {
    it('gives root the whole tree from the root tenant, a customer only its own subtree', async () => {
      const all = await get(root, '/api/hirarchy');
      expect(all.statusCode, all.body).toBe(200);
      const tree: HierarchyNode = all.json();
      expect(tree.scope).toMatchObject({ id: rootId, kind: 'root', parent: null, ancestors: [] });
      expect(tree.children.map((c) => c.scope.kind)).toContain('free_tier');
      const alphaNode = tree.children.find((c) => c.scope.id === alpha.tenant.id)!;
      expect(alphaNode.children.map((c) => c.scope.id)).toEqual([alphaChild.tenant.id]);
      expect(ids(tree)).toContain(beta.tenant.id);
      // Children are sorted by name.
      const names = tree.children.map((c) => c.scope.name.toLowerCase());
      expect(names).toEqual([...names].sort());

      const own = await get(alphaAdmin, '/api/hirarchy');
      expect(own.statusCode).toBe(200);
      expect(ids(own.json())).toEqual([alpha.tenant.id, alphaChild.tenant.id]);
    });

    it("counts online/total gateways of the scope's subtree and takes the most common firmware, OS and patch", async () => {
      const id = await newCustomer();
      await gateways(id, [
        { connected: true, firmware: '2024-05-01', os: '5.1', osPatch: 'p2' },
        { connected: true, firmware: '2024-05-01', os: '5.0', osPatch: 'p2' },
        { connected: false, firmware: '2023-01-01', os: '5.1' },
      ]);
      const sub = await newCustomerUnder(id);
      await gateways(sub, [{ connected: true, firmware: '2022-01-01' }]);

      const response = await get(root, '/api/hierarchy/scope', { scopeId: id });
      expect(response.statusCode, response.body).toBe(200);
      const node: HierarchyNode = response.json();
      // The parent counts its sub-customer's gateway too: the set its Gateways view lists.
      expect(node.scope).toMatchObject({
        id,
        onlineDevicesCount: 3,
        totalDevicesCount: 4,
        firmwareVersion: '2024-05-01',
        osVersion: '5.1',
        osPatch: 'p2',
      });
      expect(node.children).toHaveLength(1);
      expect(node.children[0]!.scope).toMatchObject({
        id: sub,
        onlineDevicesCount: 1,
        totalDevicesCount: 1,
        firmwareVersion: '2022-01-01',
        osVersion: null,
        osPatch: null,
      });
      const single = await get(root, `/api/scope/${id}`);
      expect(single.json()).toMatchObject({ onlineDevicesCount: 3, totalDevicesCount: 4 });
      const listed = await get(root, '/api/gateway/get-gateways', { scopeId: id });
      expect(listed.json()).toHaveLength(4);
      // The root tenant's figures hold every customer's gateways, as root's Gateways view does.
      const everything = await get(root, '/api/gateway/get-gateways', { scopeId: rootId });
      const rootScope = (await get(root, `/api/scope/${rootId}`)).json();
      expect(rootScope.totalDevicesCount).toBe(everything.json().length);
      expect(rootScope.onlineDevicesCount).toBe(
        everything.json().filter((g: { deviceStatus: string }) => g.deviceStatus === 'online').length,
      );
      // The customers list sorts and pages by the same figures.
      const inList = (await get(root, '/api/customers', { search: node.scope.name })).json();
      expect(inList.customers.find((c: { id: string }) => c.id === id)).toMatchObject({
        onlineDevicesCount: 3,
        totalDevicesCount: 4,
      });
      // A scope without gateways.
      expect((await get(root, `/api/scope/${beta.tenant.id}`)).json()).toMatchObject({
        onlineDevicesCount: 0,
        totalDevicesCount: 0,
        firmwareVersion: null,
      });
    });

    async function newCustomerUnder(parent: string): Promise<string> {
      return newCustomer({ parent });
    }

    it('lets a parent reach its child, never the other way round or sideways', async () => {
      expect(
        (await get(alphaAdmin, '/api/hierarchy/scope', { scopeId: alphaChild.tenant.id })).statusCode,
      ).toBe(200);
      expect((await get(alphaAdmin, `/api/scope/${alphaChild.tenant.id}`)).statusCode).toBe(200);
      expect((await get(childAdmin, `/api/scope/${alphaChild.tenant.id}`)).json()).toMatchObject({
        id: alphaChild.tenant.id,
        parent: alpha.tenant.id,
        ancestors: [rootId, alpha.tenant.id],
      });
      for (const [cookie, scopeId] of [
        [childAdmin, alpha.tenant.id],
        [alphaAdmin, beta.tenant.id],
        [betaAdmin, alphaChild.tenant.id],
        [alphaAdmin, rootId],
        [alphaAdmin, 'not-a-uuid'],
        [alphaAdmin, '00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const tree = await get(cookie, '/api/hierarchy/scope', { scopeId });
        expect(tree.statusCode, `${scopeId} ${tree.body}`).toBe(404);
        expect(tree.body).not.toContain('Beta');
        expect((await get(cookie, `/api/scope/${scopeId}`)).statusCode).toBe(404);
      }
    });

    it('tells every signed-in user the root tenant id, and nobody signed out', async () => {
      const response = await get(childAdmin, '/api/getRootTenantId/');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ rootScopeId: rootId, rootTenantId: rootId });
      expect((await portal.app.inject({ method: 'GET', url: '/api/getRootTenantId/' })).statusCode).toBe(401);
      expect((await portal.app.inject({ method: 'GET', url: '/api/hirarchy' })).statusCode).toBe(401);
    });
  });
});
