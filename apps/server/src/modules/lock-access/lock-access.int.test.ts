import {
  type LockAccessEntry,
  type LocksLiveMessage,
  type LockUsersLiveMessage,
  live,
} from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal, waitFor, watchLive } from '../../../test/harness.ts';
import {
  LedgerBench,
  type LedgerCustomer,
  ledgerWhen,
  randomCard,
  ScriptedGateway,
  userLedger,
} from './test-helpers.ts';

// Delivery: one command at a time per gateway, resuming after an outage, typed failures and the back-off.
// Revocations, the tenant wall, foreign answers and the pending list: lock-access-control.int.test.ts.
describe(`lock access delivery ledger (${backend} backend)`, () => {
  let bench: LedgerBench;
  let portal: TestPortal;
  let alpha: LedgerCustomer;
  let clients: MqttClient[];
  const lockUser: LedgerBench['lockUser'] = (...args) => bench.lockUser(...args);
  const gateway: LedgerBench['gateway'] = (...args) => bench.gateway(...args);
  const grant: LedgerBench['grant'] = (...args) => bench.grant(...args);
  const byLock = (rows: LockAccessEntry[], lockId: string) => rows.find((r) => r.lockId === lockId)!;

  beforeAll(async () => {
    bench = await LedgerBench.start();
    ({ portal, alpha, clients } = bench);
  });
  afterEach(async () => {
    await bench.endClients();
  });
  afterAll(async () => {
    await bench?.close();
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
    // Retried after the back-off of one attempt: LOCK_ACCESS_RETRY_BASE_SECONDS (0.4 s here).
    const waited = byLock(offline, goneLocks[0]!)!;
    expect(waited.nextAttemptAt! - waited.lastAttemptAt!).toBe(400);
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
    // After attempt n the next is due base * 2^(n-1) later (0.4 s, 0.8 s, then the 1 s cap), counted from the
    // failed answer; lastAttemptAt is when the attempt was sent, so the round trip comes on top (over 300 ms seen
    // on a loaded machine). The margin stays under 600 ms, so an uncapped third delay (1.6 s) still fails.
    const delays = seen
      .filter((s) => s.nextAttemptAt !== null)
      .map((s) => [s.attempts, s.nextAttemptAt! - s.lastAttemptAt!] as const);
    for (const [attempts, delay] of delays) {
      const expected = Math.min(1000, 400 * 2 ** (attempts - 1));
      expect(delay).toBeGreaterThanOrEqual(expected - 5);
      expect(delay).toBeLessThanOrEqual(expected + 550);
    }
    expect(delays.length).toBeGreaterThanOrEqual(2);
    // The gateway received an attempt no sooner than each back-off.
    const times = g.received.map((i) => i.at);
    expect(times).toHaveLength(4);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(380);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(780);
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(980);
  });
});
