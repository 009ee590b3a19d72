import { customerMessages } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { backend, createCustomerWithUser, type TestPortal } from '../../../test/harness.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';
import { deletionRefusals } from './customer-deletion.schemas.ts';
import { addGateways, sharedDeletionPortal, snapshot } from './test-helpers.ts';

describe(`customer deletion (${backend} backend)`, () => {
  let portal: TestPortal;
  let rootCookie: string;
  let rootId: string;

  beforeAll(async () => {
    ({ portal, rootCookie, rootId } = await sharedDeletionPortal());
  });

  it("offers the spec's step calls one by one, each idempotent, and no update while DELETE_PENDING", async () => {
    const customer = await createCustomerWithUser(portal, 'Steps');
    const macs = await addGateways(portal, customer.tenant.id, 2);
    const id = customer.tenant.id;
    const call = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      portal.app.inject({ method, url, headers: { cookie: rootCookie }, ...(payload ? { payload } : {}) });
    const removeUsers = () => call('DELETE', `/api/removeTenantPortalUsers-by-scope/id/${id}`);
    const moveGateways = (to: string) => call('PUT', `/api/moveGatewaysToRoot/id/${id}/rootId/${to}`);
    const removeTenant = () => call('DELETE', `/api/removeTenant/id/${id}`);

    // Nothing happens to an Active customer.
    for (const response of [await removeUsers(), await moveGateways(rootId), await removeTenant()]) {
      expect([response.statusCode, response.json().message]).toEqual([409, deletionRefusals.notPending]);
    }
    expect((await call('PUT', `/api/updateCustomerStatus/id/${id}`, { status: 'Gone' })).statusCode).toBe(
      400,
    );

    const pending = await call('PUT', `/api/updateCustomerStatus/id/${id}`, { status: 'DELETE_PENDING' });
    expect([pending.statusCode, pending.json()]).toEqual([200, { id, status: 'DELETE_PENDING' }]);
    // A customer being deleted cannot be edited.
    const update = await call('PUT', '/api/updateScope', {
      id,
      name: customer.tenant.name,
      customerId: customer.tenant.customer_id,
    });
    expect([update.statusCode, update.json().message]).toEqual([409, customerMessages.beingDeleted]);

    const early = await removeTenant();
    expect([early.statusCode, early.json().message]).toEqual([409, deletionRefusals.stillInUse]);

    expect((await removeUsers()).json()).toEqual({ id, removedUsers: 1 });
    expect((await removeUsers()).json()).toEqual({ id, removedUsers: 0 });
    const wrongRoot = await moveGateways(id);
    expect([wrongRoot.statusCode, wrongRoot.json().message]).toEqual([400, deletionRefusals.notRoot]);
    expect((await moveGateways(rootId)).json()).toEqual({ id, movedGateways: 2 });
    expect((await moveGateways(rootId)).json()).toEqual({ id, movedGateways: 0 });
    const removed = await removeTenant();
    expect([removed.statusCode, removed.json()]).toEqual([200, { id, message: customerMessages.deleted }]);
    expect((await removeTenant()).statusCode).toBe(404);
    expect(await snapshot(portal, id, macs)).toEqual({
      status: null,
      users: 0,
      gatewayTenants: [rootId],
      gatewaysRegistered: [false],
    });
  });

  it('reverts a DELETE_PENDING customer to Active through the status call', async () => {
    const customer = await createCustomerWithUser(portal, 'Spared');
    const url = `/api/updateCustomerStatus/id/${customer.tenant.id}`;
    for (const status of ['DELETE_PENDING', 'Active'] as const) {
      const response = await portal.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: rootCookie },
        payload: { status },
      });
      expect(response.json()).toEqual({ id: customer.tenant.id, status });
    }
    expect((await new TenantsRepository(portal.database.db).findById(customer.tenant.id))?.status).toBe(
      'Active',
    );
  });
});
