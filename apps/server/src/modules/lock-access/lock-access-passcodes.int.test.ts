import type { PasscodeHistoryPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal, waitFor } from '../../../test/harness.ts';
import { LedgerBench, type LedgerCustomer, ledgerWhen, ScriptedGateway } from './test-helpers.ts';

// Passcode history: every passcode a lock confirms (added, changed, removed) is one passcode_changes row,
// written in the statement that settles the ledger's row; shown by the passcode-history call. And the
// reconciliation of the ledger with the users a gateway's full inventory says each lock holds.
describe(`lock access: passcode history and reconciliation (${backend} backend)`, () => {
  let bench: LedgerBench;
  let portal: TestPortal;
  let alpha: LedgerCustomer;

  beforeAll(async () => {
    bench = await LedgerBench.start();
    ({ portal, alpha } = bench);
  });
  afterAll(async () => {
    await bench?.close();
  });

  const history = async (userId: string, cookie = alpha.cookie) => {
    const response = await injectAs(
      portal,
      cookie,
      'GET',
      `/api/lock-user/passcode-history/userId/${userId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PasscodeHistoryPage>();
  };

  it('records ADDED, CHANGED and REMOVED as the lock confirms them, and nothing for a refused one', async () => {
    const { g, lockIds } = await bench.gateway(1);
    const userId = await bench.lockUser();
    let refuse = false;
    g.answer = (i) =>
      refuse
        ? { status: 'ERROR', value: { reason: 'LOCK_MEMORY_FULL' } }
        : { status: 'SUCCESS', value: ScriptedGateway.success(i) };
    const confirmed = () => ledgerWhen(portal, alpha.cookie, userId, (r) => r[0]?.state === 'confirmed');

    expect((await bench.grant(userId, lockIds, { passcode: '1234' })).statusCode).toBe(200);
    await confirmed();
    // The same passcode again (a card added) is no passcode change.
    expect((await bench.grant(userId, lockIds, { passcode: '1234', card: false })).statusCode).toBe(200);
    await confirmed();
    expect((await bench.grant(userId, lockIds, { passcode: '9876543210' })).statusCode).toBe(200);
    await confirmed();
    refuse = true;
    expect((await bench.grant(userId, lockIds, { passcode: '5555' })).statusCode).toBe(200);
    await ledgerWhen(portal, alpha.cookie, userId, (r) => r[0]?.state === 'failed');
    refuse = false;
    // Given again as the lock holds it: confirmed, no change to record.
    expect((await bench.grant(userId, lockIds, { passcode: '9876543210' })).statusCode).toBe(200);
    await confirmed();
    const revoked = await injectAs(
      portal,
      alpha.cookie,
      'DELETE',
      `/api/lock-user-access/userId/${userId}/lockId/${lockIds[0]}`,
    );
    expect(revoked.json()).toEqual({ outcome: 'revoking' });
    await ledgerWhen(portal, alpha.cookie, userId, (r) => r.length === 0);

    const page = await history(userId);
    expect(page.total).toBe(3);
    expect(page.changes.map((c) => [c.passcodeType, c.oldPasscode, c.newPasscode, c.lockMacId])).toEqual([
      ['REMOVED', '9876543210', null, g.locks[0]],
      ['CHANGED', '1234', '9876543210', g.locks[0]],
      ['ADDED', null, '1234', g.locks[0]],
    ]);
    expect(page.changes[0]!.lockName).toBeTruthy();

    // Another customer's user reads nothing of it.
    const foreign = await injectAs(
      portal,
      bench.beta.cookie,
      'GET',
      `/api/lock-user/passcode-history/userId/${userId}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('sends again what a full inventory shows missing, or still held after a removal; an older one changes nothing', async () => {
    const { g, lockIds } = await bench.gateway(2);
    const [keep, drop] = [await bench.lockUser(), await bench.lockUser()];
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    expect((await bench.grant(keep, lockIds)).statusCode).toBe(200);
    expect((await bench.grant(drop, [lockIds[0]!])).statusCode).toBe(200);
    await ledgerWhen(
      portal,
      alpha.cookie,
      keep,
      (r) => r.length === 2 && r.every((x) => x.state === 'confirmed'),
    );
    await ledgerWhen(portal, alpha.cookie, drop, (r) => r[0]?.state === 'confirmed');
    const revoked = await injectAs(
      portal,
      alpha.cookie,
      'DELETE',
      `/api/lock-user-access/userId/${drop}/lockId/${lockIds[0]}`,
    );
    expect(revoked.json()).toEqual({ outcome: 'revoking' });
    await ledgerWhen(portal, alpha.cookie, drop, (r) => r.length === 0);
    const sentBefore = g.received.length;
    const [lockA, lockB] = g.locks as [string, string];

    // A report made before those confirmations changes nothing.
    await g.reportLocks({ [lockA]: [drop] }, Date.now() - 60_000);
    await new Promise((r) => setTimeout(r, 600));
    expect(g.received.length).toBe(sentBefore);

    // The lock A lost `keep` and still holds `drop`; lock B holds `keep`: two instructions go again.
    await g.reportLocks({ [lockA]: [drop], [lockB]: [keep] });
    await waitFor(async () => g.received.length === sentBefore + 2);
    const again = g.received.slice(sentBefore).map((i) => [i.type, i.value.lockMac, i.value.userId]);
    expect(again).toEqual(
      expect.arrayContaining([
        ['ADD_LOCKDEVICE_USER', lockA, keep],
        ['REMOVE_LOCKDEVICE_USER', lockA, drop],
      ]),
    );
    await ledgerWhen(portal, alpha.cookie, keep, (r) => r.every((x) => x.state === 'confirmed'));
    await ledgerWhen(portal, alpha.cookie, drop, (r) => r.length === 0);
    // In agreement now: nothing more goes.
    await g.reportLocks({ [lockA]: [keep], [lockB]: [keep] });
    await new Promise((r) => setTimeout(r, 600));
    expect(g.received.length).toBe(sentBefore + 2);
  });

  it('holds the grant rules at both bounds: passcode 4 to 10 digits, 1 to 100 locks, a credential', async () => {
    const { g, lockIds } = await bench.gateway(1);
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    const userId = await bench.lockUser();
    const status = async (extra: Record<string, unknown>, locks = lockIds) =>
      (await bench.grant(userId, locks, extra)).statusCode;
    expect(await status({ passcode: '123' })).toBe(400);
    expect(await status({ passcode: '12345678901' })).toBe(400);
    expect(await status({ passcode: '12a4' })).toBe(400);
    expect(await status({ passcode: null })).toBe(400); // neither passcode nor card
    expect(await status({ passcode: null, card: true })).toBe(400); // a card it does not have
    expect(await status({ passcode: '1234' })).toBe(200);
    expect(await status({ passcode: '1234567890' })).toBe(200);
    expect(await status({}, [])).toBe(400);
    const many = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    expect(await status({}, many(101))).toBe(400);
    // 100 is taken by the rule; ids of no lock within reach answer 404 and nothing is given.
    expect(await status({}, many(100))).toBe(404);
    const rows = await ledgerWhen(portal, alpha.cookie, userId, (r) => r[0]?.state === 'confirmed');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passcode).toBe('1234567890');
  });
});
