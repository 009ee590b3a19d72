import { randomUUID } from 'node:crypto';
import {
  customerMessages,
  DEFAULT_PERMISSIONS,
  DELETION_STEPS,
  type DeletionStep,
  deletionStepLabels,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  signIn,
  startPortal,
  type TestPortal,
  testEnvironment,
  waitFor,
} from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';
import { CustomerDeletionRepository, type CustomerDeletionsTable } from './customer-deletion.repository.ts';
import { DeletionRunner } from './customer-deletion.runner.ts';
import { type DeletionJob, deletionRefusals } from './customer-deletion.schemas.ts';
import { addGateways, addUsers, deletionTrail, snapshot, watchScopes } from './test-helpers.ts';

const DELETER = [...DEFAULT_PERMISSIONS, 'SCOPE_READ', 'SCOPE_DELETE', 'SCOPE_UPDATE', 'SCOPE_WRITE'];

const startDeletion = (portal: TestPortal, cookie: string, tenantId: string) =>
  portal.app.inject({ method: 'POST', url: `/api/customers/${tenantId}/deletion`, headers: { cookie } });

const latestJob = async (portal: TestPortal, cookie: string, tenantId: string) => {
  const response = await portal.app.inject({
    method: 'GET',
    url: `/api/customers/${tenantId}/deletion`,
    headers: { cookie },
  });
  return response.statusCode === 200 ? (response.json() as DeletionJob) : undefined;
};

const jobRows = (portal: TestPortal, tenantId: string) =>
  portal.database.db
    .withTables<{ customer_deletions: { id: string; tenant_id: string; attempts: number } }>()
    .selectFrom('customer_deletions')
    .select(['id', 'attempts'])
    .where('tenant_id', '=', tenantId)
    .execute();

const waitDone = (portal: TestPortal, cookie: string, tenantId: string) =>
  waitFor(
    async () => {
      const job = await latestJob(portal, cookie, tenantId);
      return job && job.state !== 'running' ? job : undefined;
    },
    15_000,
    () => 'the deletion did not finish',
  );

const okSteps = (through: DeletionStep) =>
  DELETION_STEPS.slice(0, DELETION_STEPS.indexOf(through)).map((step) => `running ${step}`);
const fullTrail = [...okSteps('removeScope'), `done removeScope ${customerMessages.deleted}`];

describe(`customer deletion (${backend} backend)`, () => {
  let portal: TestPortal;
  let rootCookie: string;
  let rootId: string;
  let watcher: { client: MqttClient; messages: Parameters<typeof deletionTrail>[0] };
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    portal = await startPortal({ LIVE_SESSION_CHECK_SECONDS: '0.2' });
    rootCookie = await signIn(portal);
    rootId = (await new TenantsRepository(portal.database.db).findByKind('root'))!.id;
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

describe(`customer deletion failures (${backend} backend)`, () => {
  let portal: TestPortal;
  let rootCookie: string;
  let rootId: string;
  let runner: DeletionRunner;
  let watcher: Awaited<ReturnType<typeof watchScopes>>;
  let failAt: DeletionStep | null = null;

  beforeAll(async () => {
    portal = await startPortal();
    // The portal's own runner stands down; this one fails where the test says, inside the step's transaction.
    await portal.deletionRunner.stop();
    runner = new DeletionRunner(
      new CustomerDeletionRepository(portal.database.db),
      portal.messaging.live,
      pino({ level: 'silent' }),
      {
        beforeCommit: (step) => {
          if (step === failAt) throw new Error(`injected failure at ${step}`);
        },
      },
    );
    rootCookie = await signIn(portal);
    rootId = (await new TenantsRepository(portal.database.db).findByKind('root'))!.id;
    watcher = await watchScopes(portal, rootId);
  });
  afterAll(async () => {
    watcher?.client.end(true);
    await portal?.close();
  });

  it.each(DELETION_STEPS)(
    'a failure at %s reverts the status to Active, says so, leaves nothing half-done; a retry succeeds',
    async (step) => {
      const customer = await createCustomerWithUser(portal, `Fail${step}`);
      await addUsers(portal, customer.tenant.id, `Fail${step}`, 2);
      const macs = await addGateways(portal, customer.tenant.id, 3);
      const name = customer.tenant.name;

      failAt = step;
      const started = (await startDeletion(portal, rootCookie, customer.tenant.id)).json() as DeletionJob;
      expect(await runner.runDue()).toBe(1);

      const failedMessage = customerMessages.deleteFailed(name, deletionStepLabels[step]);
      expect(failedMessage).toBe(`Failed to delete ${name} customer ${deletionStepLabels[step]}`);
      expect(await latestJob(portal, rootCookie, customer.tenant.id)).toMatchObject({
        id: started.id,
        state: 'failed',
        step,
        message: failedMessage,
        revertMessage: customerMessages.reverted,
      });
      // The failed step changed nothing; the steps before it are done whole.
      const index = DELETION_STEPS.indexOf(step);
      expect(await snapshot(portal, customer.tenant.id, macs)).toEqual({
        status: 'Active',
        users: index > DELETION_STEPS.indexOf('removeUsers') ? 0 : 3,
        gatewayTenants: [index > DELETION_STEPS.indexOf('moveGateways') ? rootId : customer.tenant.id],
        gatewaysRegistered: [index <= DELETION_STEPS.indexOf('moveGateways')],
      });
      const expectedTrail = [
        ...okSteps(step),
        `failed ${step} ${failedMessage}`,
        `failed ${step} ${customerMessages.reverted}`,
      ];
      await waitFor(
        async () => deletionTrail(watcher.messages, customer.tenant.id).length === expectedTrail.length,
        5000,
        () => JSON.stringify(deletionTrail(watcher.messages, customer.tenant.id)),
      );
      expect(deletionTrail(watcher.messages, customer.tenant.id)).toEqual(expectedTrail);

      // Asked again, the deletion runs from the start (every step idempotent) and succeeds.
      failAt = null;
      const retried = (await startDeletion(portal, rootCookie, customer.tenant.id)).json() as DeletionJob;
      expect(retried.id).not.toBe(started.id);
      expect(await runner.runDue()).toBe(1);
      expect(await latestJob(portal, rootCookie, customer.tenant.id)).toMatchObject({
        id: retried.id,
        state: 'done',
        message: customerMessages.deleted,
      });
      expect(await snapshot(portal, customer.tenant.id, macs)).toEqual({
        status: null,
        users: 0,
        gatewayTenants: [rootId],
        gatewaysRegistered: [false],
      });
    },
  );
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
