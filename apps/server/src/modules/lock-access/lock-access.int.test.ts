import {
  DEFAULT_PERMISSIONS,
  type LockAccessEntry,
  type LocksLiveMessage,
  type LockUsersLiveMessage,
  live,
  type PendingInstruction,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  endClients,
  injectAs,
  signIn,
  startPortal,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';
import {
  ledgerWhen,
  lockIdsOf,
  randomCard,
  randomEmail,
  ScriptedGateway,
  userLedger,
} from './test-helpers.ts';

const PERMISSIONS = [
  ...DEFAULT_PERMISSIONS,
  'IOT_DEVICE_READ',
  'IOT_DEVICE_WRITE',
  'IOT_USER_READ',
  'IOT_USER_WRITE',
  'GATEWAY_INSTRUCTIONS_READ',
  'GATEWAY_INSTRUCTIONS_WRITE',
];
/** Small figures so the ledger's timing shows within a test (docs/operations.md gives the defaults). */
const SETTINGS = {
  LOCK_ACCESS_RETRY_BASE_SECONDS: '0.4',
  LOCK_ACCESS_RETRY_MAX_SECONDS: '1',
  LOCK_ACCESS_MAX_ATTEMPTS: '4',
  LOCK_REVOKE_DEADLINE_MINUTES: '0.03',
};

type Customer = Awaited<ReturnType<typeof createCustomerWithUser>> & { cookie: string };

describe(`lock access delivery ledger (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Customer;
  let beta: Customer;
  const gateways: ScriptedGateway[] = [];
  const clients: MqttClient[] = [];

  const customer = async (label: string): Promise<Customer> => {
    const created = await createCustomerWithUser(portal, label, { permissions: PERMISSIONS });
    return { ...created, cookie: await signIn(portal, created.email, created.password) };
  };
  const lockUser = async (who: Customer = alpha, extra: Record<string, unknown> = {}) => {
    const response = await injectAs(portal, who.cookie, 'POST', '/api/create-new-iot-lock-user', {
      payload: { firstName: 'Ada', lastName: 'Lock', email: randomEmail(), scopeId: who.tenant.id, ...extra },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ user: { id: string } }>().user.id;
  };
  const gateway = async (lockCount: number, who: Customer = alpha) => {
    const g = await ScriptedGateway.provision(portal, who.tenant.id, lockCount);
    gateways.push(g);
    await g.connect();
    await g.reportLocks();
    return { g, lockIds: await lockIdsOf(portal, g) };
  };
  const grant = (userId: string, lockIds: string[], extra: Record<string, unknown> = {}, who = alpha) =>
    injectAs(portal, who.cookie, 'POST', '/api/lock-user-access', {
      payload: { userId, lockIds, passcode: '482913', ...extra },
    });
  const byLock = (rows: LockAccessEntry[], lockId: string) => rows.find((r) => r.lockId === lockId)!;

  beforeAll(async () => {
    portal = await startPortal(SETTINGS);
    alpha = await customer('Alpha');
    beta = await customer('Beta');
  });
  afterEach(async () => {
    await endClients(clients);
  });
  afterAll(async () => {
    for (const g of gateways) await g.close();
    await portal?.close();
  });

  it('sends one lock command at a time per gateway and reaches confirmed, told live', async () => {
    const { g, lockIds } = await gateway(2);
    const userId = await lockUser(alpha, { cardCSN: randomCard() });
    const lockLive = await watchLive<LocksLiveMessage>(portal, alpha.cookie, live.locks(alpha.tenant.id));
    const userLive = await watchLive<LockUsersLiveMessage>(
      portal,
      alpha.cookie,
      live.lockUsers(alpha.tenant.id),
    );
    clients.push(lockLive.client, userLive.client);

    const response = await grant(userId, lockIds, { card: true, role: 'ADMIN' });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor(async () => g.received.length === 1);
    // The second waits for the first's answer: the queue shows it.
    await new Promise((r) => setTimeout(r, 1200));
    expect(g.received).toHaveLength(1);
    const queue = await injectAs(portal, alpha.cookie, 'GET', `/api/lock-command-queue/macId/${g.mac}`);
    expect(queue.json()).toMatchObject({
      gatewayMacId: g.mac,
      depth: 1,
      inFlight: { instructionUid: g.received[0]!.uid },
    });
    const first = g.received[0]!;
    expect(first).toMatchObject({
      type: 'ADD_LOCKDEVICE_USER',
      value: {
        userId,
        role: 'ADMIN',
        passcode: '482913',
        lockMac: expect.any(String),
        cardCSN: expect.any(String),
      },
    });
    const sent = await userLedger(portal, alpha.cookie, userId);
    expect(sent.access.map((r) => r.state).sort()).toEqual(['pending', 'sent']);
    expect(sent.queues).toEqual([expect.objectContaining({ gatewayMacId: g.mac, depth: 1 })]);

    await g.reply(first, 'SUCCESS', ScriptedGateway.success(first));
    await waitFor(async () => g.received.length === 2);
    await g.reply(g.received[1]!, 'SUCCESS', ScriptedGateway.success(g.received[1]!));
    const rows = await ledgerWhen(portal, alpha.cookie, userId, (r) =>
      r.every((x) => x.state === 'confirmed'),
    );
    for (const row of rows) {
      expect(row).toMatchObject({ operation: 'grant', attempts: 1, reason: null, nextAttemptAt: null });
      expect(row.confirmedAt).toBeGreaterThan(0);
      expect(row.lastAttemptAt).toBeGreaterThan(0);
    }
    expect(g.maxOutstanding).toBe(1);
    await waitFor(async () =>
      lockLive.messages.some(
        (m) => m.type === 'userMapping' && m.userId === userId && m.state === 'confirmed',
      ),
    );
    await waitFor(async () =>
      userLive.messages.some(
        (m) => m.type === 'access' && m.access.userId === userId && m.access.state === 'confirmed',
      ),
    );
    const lockLedger = await injectAs(
      portal,
      alpha.cookie,
      'GET',
      `/api/lock-user-access/lockId/${lockIds[0]}`,
    );
    expect(lockLedger.json().access).toEqual([expect.objectContaining({ userId, state: 'confirmed' })]);
  });

  it('resumes after the gateway goes offline mid-delivery and comes back, and reaches confirmed', async () => {
    const { g, lockIds } = await gateway(2);
    const userId = await lockUser();
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    await waitFor(async () => g.received.length === 1);
    const inFlight = g.received[0]!;
    await g.goOffline();
    // What waited is told as failed GATEWAY_OFFLINE (retried with back-off); the one sent stays sent.
    const offline = await ledgerWhen(portal, alpha.cookie, userId, (rows) =>
      rows.some((r) => r.state === 'failed' && r.reason === 'GATEWAY_OFFLINE'),
    );
    expect(offline.find((r) => r.state === 'sent')).toBeDefined();

    g.answer = (instruction) => ({ status: 'SUCCESS', value: ScriptedGateway.success(instruction) });
    await g.connect();
    const rows = await ledgerWhen(portal, alpha.cookie, userId, (r) =>
      r.every((x) => x.state === 'confirmed'),
    );
    // The instruction in flight was sent again with its uid (one attempt); the waiting one counted the offline try.
    expect(g.received.filter((i) => i.uid === inFlight.uid).length).toBeGreaterThanOrEqual(2);
    const resent = rows.find((r) => r.lockMac === inFlight.value.lockMac)!;
    expect(resent.attempts).toBe(1);
    const waited = rows.find((r) => r.lockMac !== inFlight.value.lockMac)!;
    expect(waited.attempts).toBeGreaterThanOrEqual(2);
    expect(g.maxOutstanding).toBe(1);
  });

  it('records each typed failure, retrying only what may succeed later', async () => {
    const { g, lockIds } = await gateway(4);
    const userId = await lockUser();
    const reasons: Record<string, string> = {
      [g.locks[0]!]: 'LOCK_UNREACHABLE',
      [g.locks[1]!]: 'LOCK_MEMORY_FULL',
      [g.locks[2]!]: 'REJECTED',
    };
    g.answer = (instruction) => {
      const reason = reasons[instruction.value.lockMac!];
      return reason ? { status: 'ERROR', value: { reason, detail: 'scripted' } } : null;
    };
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    // The fourth is never answered: its instruction's deadline passes (moved to now) and it is TIMED_OUT.
    const last = await waitFor(async () => g.received.find((i) => i.value.lockMac === g.locks[3]));
    await portal.database.db
      .updateTable('instructions')
      .set({ deadline_at: new Date(Date.now() - 1000) })
      .where('uid', '=', last.uid)
      .execute();
    const rows = await ledgerWhen(portal, alpha.cookie, userId, (r) =>
      r.every((x) => x.attempts >= 1 && x.state === 'failed'),
    );
    expect(byLock(rows, lockIds[0]!)).toMatchObject({
      reason: 'LOCK_UNREACHABLE',
      nextAttemptAt: expect.any(Number),
    });
    expect(byLock(rows, lockIds[1]!)).toMatchObject({ reason: 'LOCK_MEMORY_FULL', nextAttemptAt: null });
    expect(byLock(rows, lockIds[2]!)).toMatchObject({ reason: 'REJECTED', nextAttemptAt: null });
    expect(byLock(rows, lockIds[3]!)).toMatchObject({
      reason: 'TIMED_OUT',
      nextAttemptAt: expect.any(Number),
    });

    // GATEWAY_OFFLINE: a lock behind a gateway that is gone when the access is given.
    const { g: gone, lockIds: goneLocks } = await gateway(1);
    await gone.goOffline();
    await waitFor(async () => {
      const row = await portal.database.db
        .selectFrom('gateways')
        .select('connected')
        .where('mac', '=', gone.mac)
        .executeTakeFirst();
      return row?.connected === false;
    });
    expect((await grant(userId, goneLocks)).statusCode).toBe(200);
    const offline = await ledgerWhen(
      portal,
      alpha.cookie,
      userId,
      (r) => byLock(r, goneLocks[0]!)?.state === 'failed',
    );
    expect(byLock(offline, goneLocks[0]!)).toMatchObject({ reason: 'GATEWAY_OFFLINE', attempts: 1 });
  });

  it('backs off exponentially up to the cap, and stops after the last attempt', async () => {
    const { g, lockIds } = await gateway(1);
    const userId = await lockUser();
    g.answer = () => ({ status: 'ERROR', value: { reason: 'LOCK_UNREACHABLE' } });
    expect((await grant(userId, lockIds)).statusCode).toBe(200);
    const seen: LockAccessEntry[] = [];
    const final = await ledgerWhen(
      portal,
      alpha.cookie,
      userId,
      (rows) => {
        const row = rows[0]!;
        if (row.state === 'failed' && !seen.some((s) => s.attempts === row.attempts)) seen.push(row);
        return row.attempts === 4 && row.state === 'failed';
      },
      20_000,
    );
    expect(final[0]).toMatchObject({ reason: 'LOCK_UNREACHABLE', nextAttemptAt: null });
    // After attempt n the next is due base * 2^(n-1) later (0.4 s, 0.8 s, then the 1 s cap).
    const delays = seen
      .filter((s) => s.nextAttemptAt !== null)
      .map((s) => [s.attempts, s.nextAttemptAt! - s.lastAttemptAt!] as const);
    for (const [attempts, delay] of delays) {
      const expected = Math.min(1000, 400 * 2 ** (attempts - 1));
      expect(delay).toBeGreaterThanOrEqual(expected - 5);
      expect(delay).toBeLessThanOrEqual(expected + 300);
    }
    expect(delays.length).toBeGreaterThanOrEqual(2);
    // The gateway received an attempt no sooner than each back-off.
    const times = g.received.map((i) => i.at);
    expect(times).toHaveLength(4);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(380);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(780);
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(980);
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
