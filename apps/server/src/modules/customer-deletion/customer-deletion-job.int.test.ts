import { randomUUID } from 'node:crypto';
import { customerMessages, live } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  signIn,
  type TestPortal,
  testEnvironment,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';
import { CustomerDeletionRepository, type CustomerDeletionsTable } from './customer-deletion.repository.ts';
import { DeletionRunner } from './customer-deletion.runner.ts';
import { type DeletionJob, deletionRefusals } from './customer-deletion.schemas.ts';
import {
  addGateways,
  addUsers,
  DELETER,
  deletionTrail,
  fullTrail,
  jobRows,
  latestJob,
  snapshot,
  startDeletion,
  startDeletionPortal,
  waitDone,
  watchScopes,
} from './test-helpers.ts';

describe(`customer deletion (${backend} backend)`, () => {
  let portal: TestPortal;
  let rootCookie: string;
  let rootId: string;
  let watcher: { client: MqttClient; messages: Parameters<typeof deletionTrail>[0] };
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    ({ portal, rootCookie, rootId } = await startDeletionPortal());
    watcher = await watchScopes(portal, rootId);
    clients.push(watcher.client);
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await portal?.close();
  });

  it('deletes the users, moves the gateways to the root customer, deletes the scope, and tells the root list each step', async () => {
    const customer = await createCustomerWithUser(portal, 'Doomed');
    await addUsers(portal, customer.tenant.id, 'Doomed', 2);
    const macs = await addGateways(portal, customer.tenant.id, 3);
    const customerBrowser = await watchScopes(portal, customer.tenant.id, customer.email, customer.password);
    clients.push(customerBrowser.client);

    const response = await startDeletion(portal, rootCookie, customer.tenant.id);
    expect(response.statusCode).toBe(202);
    const started = response.json() as DeletionJob;
    expect(started).toMatchObject({ state: 'running', tenantId: customer.tenant.id });

    const job = await waitDone(portal, rootCookie, customer.tenant.id);
    expect(job).toMatchObject({
      id: started.id,
      state: 'done',
      step: 'removeScope',
      message: customerMessages.deleted,
      revertMessage: null,
      attempts: 1,
      customerName: customer.tenant.name,
    });
    expect(await snapshot(portal, customer.tenant.id, macs)).toEqual({
      status: null,
      users: 0,
      gatewayTenants: [rootId],
      gatewaysRegistered: [false],
    });
    await waitFor(
      async () => deletionTrail(watcher.messages, customer.tenant.id).length === fullTrail.length,
      5000,
      () => JSON.stringify(watcher.messages),
    );
    expect(deletionTrail(watcher.messages, customer.tenant.id)).toEqual(fullTrail);
    // The deleted users' live connections end with their sessions.
    await waitFor(
      async () => !customerBrowser.client.connected,
      5000,
      () => 'still connected',
    );

    // Deleted: a second deletion finds no customer.
    expect((await startDeletion(portal, rootCookie, customer.tenant.id)).statusCode).toBe(404);
    await expect(signIn(portal, customer.email, customer.password)).rejects.toThrow('sign-in failed');
  });

  it('announces each moved gateway to the root list as deviceMoved', async () => {
    const customer = await createCustomerWithUser(portal, 'Moving');
    const macs = await addGateways(portal, customer.tenant.id, 2);
    const rootGateways = await watchLive<{ type: string; macId?: string }>(
      portal,
      rootCookie,
      live.gateways(rootId),
    );
    clients.push(rootGateways.client);

    expect((await startDeletion(portal, rootCookie, customer.tenant.id)).statusCode).toBe(202);
    await waitDone(portal, rootCookie, customer.tenant.id);
    const moved = () => rootGateways.messages.filter((m) => m.type === 'deviceMoved');
    await waitFor(
      async () => moved().length === macs.length,
      5000,
      () => JSON.stringify(moved()),
    );
    expect(
      moved()
        .map((m) => m.macId)
        .sort(),
    ).toEqual([...macs].sort());
    expect(moved()[0]).toMatchObject({ fromScopeId: customer.tenant.id, toScopeId: rootId });
  });

  it('starts one job for two requests at once, and runs it once', async () => {
    const customer = await createCustomerWithUser(portal, 'Twice');
    const macs = await addGateways(portal, customer.tenant.id, 2);
    const [first, second] = await Promise.all([
      startDeletion(portal, rootCookie, customer.tenant.id),
      startDeletion(portal, rootCookie, customer.tenant.id),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    const id = (first.json() as DeletionJob).id;
    expect((second.json() as DeletionJob).id).toBe(id);

    const job = await waitDone(portal, rootCookie, customer.tenant.id);
    expect(job).toMatchObject({ id, state: 'done', attempts: 1 });
    expect(await jobRows(portal, customer.tenant.id)).toEqual([{ id, attempts: 1 }]);
    await waitFor(async () => deletionTrail(watcher.messages, customer.tenant.id).length >= fullTrail.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deletionTrail(watcher.messages, customer.tenant.id)).toEqual(fullTrail);
    expect((await snapshot(portal, customer.tenant.id, macs)).gatewayTenants).toEqual([rootId]);

    // Below the service's own look-up, the unique index lets one of two simultaneous inserts through.
    const racer = await createCustomerWithUser(portal, 'Racer');
    const repo = new CustomerDeletionRepository(portal.database.db);
    const racerJob = {
      tenant_id: racer.tenant.id,
      tenant_name: racer.tenant.name,
      parent_id: rootId,
      ancestors: [rootId],
      root_id: rootId,
      requested_by: randomUUID(),
    };
    const inserted = await Promise.all([repo.insertRunning(racerJob), repo.insertRunning(racerJob)]);
    expect(inserted.filter(Boolean)).toHaveLength(1);
    expect(await jobRows(portal, racer.tenant.id)).toHaveLength(1);
  });

  it('answers a request for a customer being deleted with the running job', async () => {
    const customer = await createCustomerWithUser(portal, 'Running');
    // A job another instance holds (claimed for a minute) is not run here: it stays running.
    const held = await portal.database.db
      .withTables<{ customer_deletions: CustomerDeletionsTable }>()
      .insertInto('customer_deletions')
      .values({
        tenant_id: customer.tenant.id,
        tenant_name: customer.tenant.name,
        ancestors: customer.tenant.ancestors,
        parent_id: customer.tenant.parent_id,
        root_id: rootId,
        requested_by: null,
        claim_token: randomUUID(),
        locked_at: new Date(),
        claimed_until: new Date(Date.now() + 60_000),
        message: null,
        revert_message: null,
        last_error: null,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await startDeletion(portal, rootCookie, customer.tenant.id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ id: held.id, state: 'running' });
    expect(await jobRows(portal, customer.tenant.id)).toHaveLength(1);
    // Reverting the status is refused while it runs.
    const revert = await portal.app.inject({
      method: 'PUT',
      url: `/api/updateCustomerStatus/id/${customer.tenant.id}`,
      headers: { cookie: rootCookie },
      payload: { status: 'Active' },
    });
    expect([revert.statusCode, revert.json().message]).toEqual([409, customerMessages.beingDeleted]);
  });

  it('never deletes the root, free-tier or support customers (400), nor one with sub-customers (409)', async () => {
    const tenants = new TenantsRepository(portal.database.db);
    const root = (await tenants.findByKind('root'))!;
    const support =
      (await tenants.findByKind('support')) ??
      (await tenants.insert({
        name: 'Support',
        customer_id: 'SUPPORT',
        kind: 'support',
        parent_id: root.id,
        ancestors: [root.id],
        primary_theme_color: '#123456',
        secondary_theme_color: '#ffffff',
      }));
    for (const tenant of [root, (await tenants.findByKind('free_tier'))!, support]) {
      const response = await startDeletion(portal, rootCookie, tenant.id);
      expect([response.statusCode, response.json().message]).toEqual([400, deletionRefusals.fixedTenant]);
      const status = await portal.app.inject({
        method: 'PUT',
        url: `/api/updateCustomerStatus/id/${tenant.id}`,
        headers: { cookie: rootCookie },
        payload: { status: 'DELETE_PENDING' },
      });
      expect(status.statusCode).toBe(400);
      expect((await tenants.findById(tenant.id))?.status).toBe('Active');
    }

    const parent = await createCustomerWithUser(portal, 'Parent');
    await createCustomerWithUser(portal, 'Child', { parentId: parent.tenant.id });
    const response = await startDeletion(portal, rootCookie, parent.tenant.id);
    expect([response.statusCode, response.json().message]).toEqual([409, deletionRefusals.hasChildren]);
    expect((await tenants.findById(parent.tenant.id))?.status).toBe('Active');
    expect(await jobRows(portal, parent.tenant.id)).toEqual([]);
  });

  it("lets a customer's user delete a sub-customer, but not its own customer", async () => {
    const parent = await createCustomerWithUser(portal, 'Holder', { permissions: DELETER });
    const child = await createCustomerWithUser(portal, 'Held', { parentId: parent.tenant.id });
    const macs = await addGateways(portal, child.tenant.id, 1);
    const cookie = await signIn(portal, parent.email, parent.password);

    const own = await startDeletion(portal, cookie, parent.tenant.id);
    expect([own.statusCode, own.json().message]).toEqual([400, deletionRefusals.ownTenant]);

    expect((await startDeletion(portal, cookie, child.tenant.id)).statusCode).toBe(202);
    expect(await waitDone(portal, cookie, child.tenant.id)).toMatchObject({ state: 'done' });
    expect(await snapshot(portal, child.tenant.id, macs)).toMatchObject({
      status: null,
      gatewayTenants: [rootId],
    });
  });

  it('answers 404 to a user of another customer for every deletion call, and changes nothing', async () => {
    const other = await createCustomerWithUser(portal, 'Outsider', { permissions: DELETER });
    const victim = await createCustomerWithUser(portal, 'Victim');
    const macs = await addGateways(portal, victim.tenant.id, 2);
    // A pending customer, so that only the tenant wall can refuse the step calls.
    await portal.app.inject({
      method: 'PUT',
      url: `/api/updateCustomerStatus/id/${victim.tenant.id}`,
      headers: { cookie: rootCookie },
      payload: { status: 'DELETE_PENDING' },
    });
    const before = await snapshot(portal, victim.tenant.id, macs);
    const cookie = await signIn(portal, other.email, other.password);
    const id = victim.tenant.id;
    const calls = [
      { method: 'POST', url: `/api/customers/${id}/deletion` },
      { method: 'GET', url: `/api/customers/${id}/deletion` },
      { method: 'PUT', url: `/api/updateCustomerStatus/id/${id}`, payload: { status: 'Active' } },
      { method: 'DELETE', url: `/api/removeTenantPortalUsers-by-scope/id/${id}` },
      { method: 'PUT', url: `/api/moveGatewaysToRoot/id/${id}/rootId/${rootId}` },
      { method: 'DELETE', url: `/api/removeTenant/id/${id}` },
    ] as const;
    for (const call of calls) {
      const response = await portal.app.inject({ ...call, headers: { cookie } });
      expect([call.url, response.statusCode]).toEqual([call.url, 404]);
    }
    expect(await snapshot(portal, id, macs)).toEqual(before);
    expect(before).toMatchObject({ status: 'DELETE_PENDING', users: 1, gatewayTenants: [id] });
    expect(await jobRows(portal, id)).toEqual([]);

    // A deletion the root ran stays out of reach of others once the customer is gone.
    expect((await startDeletion(portal, rootCookie, id)).statusCode).toBe(202);
    await waitDone(portal, rootCookie, id);
    expect(await latestJob(portal, cookie, id)).toBeUndefined();
    expect((await latestJob(portal, rootCookie, id))?.state).toBe('done');
  });
});

describe(`customer deletion across a restart (${backend} backend)`, () => {
  it('continues a deletion stopped half-way when the next portal starts on the same database', async () => {
    const { env, cleanup } = await testEnvironment();
    const silent = pino({ level: 'silent' });
    try {
      const first = await buildApp(loadConfig(env), silent);
      await first.deletionRunner.stop();
      const customer = await createCustomerWithUser(first, 'Restart');
      await addUsers(first, customer.tenant.id, 'Restart', 1);
      const macs = await addGateways(first, customer.tenant.id, 2);
      const rootId = (await new TenantsRepository(first.database.db).findByKind('root'))!.id;

      // This runner 'dies' before its third step: it never returns, and its portal closes under it.
      let stopped!: () => void;
      const stoppedBeforeMove = new Promise<void>((resolve) => {
        stopped = resolve;
      });
      const dying = new DeletionRunner(
        new CustomerDeletionRepository(first.database.db),
        first.messaging.live,
        silent,
        {
          claimMs: 500,
          beforeStep: async (step) => {
            if (step !== 'moveGateways') return;
            stopped();
            await new Promise(() => {});
          },
        },
      );
      const response = await first.app.inject({
        method: 'POST',
        url: `/api/customers/${customer.tenant.id}/deletion`,
        headers: { cookie: await signIn(first) },
      });
      const started = response.json() as DeletionJob;
      void dying.runDue();
      await stoppedBeforeMove;
      expect(await snapshot(first, customer.tenant.id, macs)).toEqual({
        status: 'DELETE_PENDING',
        users: 0,
        gatewayTenants: [customer.tenant.id],
        gatewaysRegistered: [true],
      });
      await first.app.close();
      // Until its claim runs out, nobody else may take the job.
      await new Promise((resolve) => setTimeout(resolve, 600));

      const second = await buildApp(loadConfig(env), silent);
      try {
        const repo = new CustomerDeletionRepository(second.database.db);
        const job = await waitFor(
          async () => {
            const row = await repo.findById(started.id);
            return row?.state === 'done' ? row : undefined;
          },
          15_000,
          () => 'the next portal did not finish the deletion',
        );
        expect(job).toMatchObject({ step: 'removeScope', attempts: 2, message: customerMessages.deleted });
        expect(await snapshot(second, customer.tenant.id, macs)).toEqual({
          status: null,
          users: 0,
          gatewayTenants: [rootId],
          gatewaysRegistered: [false],
        });
      } finally {
        await second.app.close();
      }
    } finally {
      await cleanup();
    }
  });
});
