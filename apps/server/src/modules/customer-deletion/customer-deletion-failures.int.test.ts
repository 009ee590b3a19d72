import { customerMessages, DELETION_STEPS, type DeletionStep, deletionStepLabels } from '@portal/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
} from '../../../test/harness.ts';
import { TenantsRepository } from '../tenants/tenants.repository.ts';
import { CustomerDeletionRepository } from './customer-deletion.repository.ts';
import { DeletionRunner } from './customer-deletion.runner.ts';
import type { DeletionJob } from './customer-deletion.schemas.ts';
import {
  addGateways,
  addUsers,
  deletionTrail,
  latestJob,
  okSteps,
  snapshot,
  startDeletion,
  watchScopes,
} from './test-helpers.ts';

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
