import {
  type LocksLiveMessage,
  type LockUsersLiveMessage,
  live,
  type PendingInstruction,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal, waitFor, watchLive } from '../../../test/harness.ts';
import { LedgerBench, type LedgerCustomer, ledgerWhen, ScriptedGateway, userLedger } from './test-helpers.ts';

// Revocations (the overdue warning, a deleted user), the tenant wall, answers the gateway may not give, and
// the pending list's Abort. Delivery itself: lock-access.int.test.ts.
describe(`lock access delivery ledger: revocations and walls (${backend} backend)`, () => {
  let bench: LedgerBench;
  let portal: TestPortal;
  let alpha: LedgerCustomer;
  let beta: LedgerCustomer;
  let clients: MqttClient[];
  let gateways: ScriptedGateway[];
  const lockUser: LedgerBench['lockUser'] = (...args) => bench.lockUser(...args);
  const gateway: LedgerBench['gateway'] = (...args) => bench.gateway(...args);
  const grant: LedgerBench['grant'] = (...args) => bench.grant(...args);

  beforeAll(async () => {
    bench = await LedgerBench.start();
    ({ portal, alpha, beta, clients, gateways } = bench);
  });
  afterEach(async () => {
    await bench.endClients();
  });
  afterAll(async () => {
    await bench?.close();
  });

  it('warns, live, on the user and the lock when a revocation is not confirmed within its deadline', async () => {
    const { g, lockIds } = await gateway(1);
    const userId = await lockUser();
    g.answer = (i) =>
      i.type === 'ADD_LOCKDEVICE_USER' ? { status: 'SUCCESS', value: ScriptedGateway.success(i) } : null;
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    await ledgerWhen(portal, alpha.cookie, userId, (r) => r[0]?.state === 'confirmed');
    const lockLive = await watchLive<LocksLiveMessage>(portal, alpha.cookie, live.locks(alpha.tenant.id));
    const userLive = await watchLive<LockUsersLiveMessage>(
      portal,
      alpha.cookie,
      live.lockUsers(alpha.tenant.id),
    );
    clients.push(lockLive.client, userLive.client);

    const revoked = await injectAs(
      portal,
      alpha.cookie,
      'DELETE',
      `/api/lock-user-access/userId/${userId}/lockId/${lockIds[0]}`,
    );
    expect(revoked.json()).toEqual({ outcome: 'revoking' });
    const removal = await waitFor(async () => g.received.find((i) => i.type === 'REMOVE_LOCKDEVICE_USER'));
    expect(removal.value).toEqual({ lockMac: g.locks[0], userId });
    // Not answered: past the deadline (1.8 s here) the warning is raised and pushed on both channels.
    await waitFor(
      async () =>
        userLive.messages.some(
          (m) => m.type === 'access' && m.access.userId === userId && m.access.revokeOverdue,
        ),
      10_000,
    );
    await waitFor(async () =>
      lockLive.messages.some(
        (m) => m.type === 'userMapping' && m.userId === userId && m.revokeOverdue === true,
      ),
    );
    const [row] = (await userLedger(portal, alpha.cookie, userId)).access;
    expect(row).toMatchObject({
      operation: 'revoke',
      state: 'sent',
      revokeOverdue: true,
      revokeConfirmedAt: null,
    });
    const lockLedger = await injectAs(
      portal,
      alpha.cookie,
      'GET',
      `/api/lock-user-access/lockId/${lockIds[0]}`,
    );
    expect(lockLedger.json().access[0]).toMatchObject({ userId, revokeOverdue: true });

    // The lock confirms at last: the access is history (confirmed revocation), gone from the ledger.
    await g.reply(removal, 'SUCCESS', ScriptedGateway.success(removal));
    await ledgerWhen(portal, alpha.cookie, userId, (r) => r.length === 0);
    const stored = await portal.database.db
      .selectFrom('lock_user_access')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(stored.revoke_confirmed_at).not.toBeNull();
  });

  it('carries a deleted user off its locks with REMOVE_IOT_USER', async () => {
    const { g, lockIds } = await gateway(1);
    const userId = await lockUser();
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    await ledgerWhen(portal, alpha.cookie, userId, (r) => r[0]?.state === 'confirmed');
    const deleted = await injectAs(
      portal,
      alpha.cookie,
      'DELETE',
      `/api/delete-iot-device-user/userId/${userId}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const removal = await waitFor(async () => g.received.find((i) => i.type === 'REMOVE_IOT_USER'));
    expect(removal.value).toEqual({ userId, lockMacs: [g.locks[0]] });
    await waitFor(async () => {
      const row = await portal.database.db
        .selectFrom('lock_user_access')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.revoke_confirmed_at && row.state === 'confirmed';
    });
  });

  it('answers 404 to another customer and changes nothing', async () => {
    const { g, lockIds } = await gateway(1);
    const userId = await lockUser();
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    await ledgerWhen(portal, alpha.cookie, userId, (r) => r[0]?.state === 'confirmed');
    const before = await portal.database.db
      .selectFrom('lock_user_access')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    const betaUser = await lockUser(beta);

    const calls = [
      grant(userId, lockIds, {}, beta),
      grant(betaUser, lockIds, {}, beta),
      injectAs(portal, beta.cookie, 'GET', `/api/lock-user-access/userId/${userId}`),
      injectAs(portal, beta.cookie, 'GET', `/api/lock-user-access/lockId/${lockIds[0]}`),
      injectAs(portal, beta.cookie, 'DELETE', `/api/lock-user-access/userId/${userId}/lockId/${lockIds[0]}`),
      injectAs(portal, beta.cookie, 'GET', `/api/lock-command-queue/macId/${g.mac}`),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    const after = await portal.database.db
      .selectFrom('lock_user_access')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(after).toEqual(before);
    expect(
      await portal.database.db
        .selectFrom('lock_user_access')
        .selectAll()
        .where('user_id', '=', betaUser)
        .execute(),
    ).toEqual([]);
    expect(g.received).toHaveLength(1);
    // The user's card must exist to give it.
    const noCard = await grant(userId, lockIds, { card: true, passcode: null });
    expect(noCard.statusCode).toBe(400);
  });

  it('refuses an answer to an instruction the gateway was never sent, and one naming another credential', async () => {
    const { g, lockIds } = await gateway(1);
    const userId = await lockUser();
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    const sent = await waitFor(async () => g.received[0]);
    // A made-up uid: acknowledged and ignored; the row stays sent, the gateway's slot held.
    await g.reply({ uid: 'Xnever01', type: 'ADD_LOCKDEVICE_USER' }, 'SUCCESS', {
      lockMac: g.locks[0],
      userId,
    });
    // Another gateway answering this gateway's uid: ignored too.
    const other = await ScriptedGateway.provision(portal, alpha.tenant.id, 0);
    gateways.push(other);
    await other.connect();
    await other.reply(sent, 'SUCCESS', ScriptedGateway.success(sent));
    await new Promise((r) => setTimeout(r, 800));
    expect((await userLedger(portal, alpha.cookie, userId)).access[0]).toMatchObject({
      state: 'sent',
      attempts: 1,
    });
    // The right uid naming another user: not a confirmation (failed REJECTED, logged), nothing half-done.
    await g.reply(sent, 'SUCCESS', { lockMac: g.locks[0], userId: 'someone-else' });
    const [row] = await ledgerWhen(portal, alpha.cookie, userId, (r) => r[0]?.state === 'failed');
    expect(row).toMatchObject({ reason: 'REJECTED', confirmedAt: null, nextAttemptAt: null });
    const queue = await injectAs(portal, alpha.cookie, 'GET', `/api/lock-command-queue/macId/${g.mac}`);
    expect(queue.json()).toMatchObject({ depth: 0, inFlight: null });
  });

  it('shows its instructions in the pending list, whose Abort fails the credential as ABORTED', async () => {
    const { g, lockIds } = await gateway(2);
    const userId = await lockUser();
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    const first = await waitFor(async () => g.received[0]);
    const pending = await injectAs(
      portal,
      alpha.cookie,
      'GET',
      '/api/gateway-pending-instruction/pending-instructions',
      {
        query: { macId: g.mac },
      },
    );
    const list = pending.json<PendingInstruction[]>();
    const row = list.find((p) => p.id === first.uid)!;
    expect(row).toMatchObject({ type: 'ADD_LOCKDEVICE_USER', status: 'PENDING' });
    expect(row.payload.name).toContain('Ada Lock');
    const aborted = await injectAs(portal, alpha.cookie, 'PUT', '/api/abort/pending-instructions', {
      payload: { instructionIds: [row.instructionId] },
    });
    expect(aborted.json()).toEqual({ aborted: 1 });
    const rows = await ledgerWhen(
      portal,
      alpha.cookie,
      userId,
      (r) => r.some((x) => x.reason === 'ABORTED') && g.received.length === 2,
    );
    expect(rows.find((x) => x.lockMac === first.value.lockMac)).toMatchObject({
      state: 'failed',
      reason: 'ABORTED',
      nextAttemptAt: null,
    });
    // The gateway's slot is free: the next credential went out.
    expect(g.received[1]!.value.lockMac).not.toBe(first.value.lockMac);
  });
});
