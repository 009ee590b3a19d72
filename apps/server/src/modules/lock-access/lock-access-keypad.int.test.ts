import type { LockAccessEntry, PasscodeHistoryPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal, waitFor } from '../../../test/harness.ts';
import { LedgerBench, type LedgerCustomer, ledgerWhen, ScriptedGateway } from './test-helpers.ts';

// A passcode changed at a lock's keypad (docs/mqtt.md 2.7 PASSCODE_CHANGED): one passcode_changes row per lock
// history entry for a user the ledger gave that lock, and the ledger's credential follows the lock.
describe(`lock access: passcodes changed at the keypad (${backend} backend)`, () => {
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

  const history = async (userId: string) => {
    const response = await injectAs(
      portal,
      alpha.cookie,
      'GET',
      `/api/lock-user/passcode-history/userId/${userId}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PasscodeHistoryPage>().changes;
  };

  it('records a keypad change once for a user the ledger gave the lock, and nothing for others', async () => {
    const { g, lockIds } = await bench.gateway(2);
    const [lockA, lockB] = g.locks as [string, string];
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    const holder = await bench.lockUser();
    const stranger = await bench.lockUser();
    expect((await bench.grant(holder, [lockIds[0]!])).statusCode).toBe(200);
    await ledgerWhen(portal, alpha.cookie, holder, (r) => r[0]?.state === 'confirmed');
    await waitFor(async () => ((await history(holder)).length === 1 ? true : null)); // ADDED by the portal

    const change = (id: string, lockMac: string, userId: string, passcode: string) => ({
      id,
      MAC: lockMac,
      TI: Date.now(),
      kind: 'PASSCODE_CHANGED',
      method: 'manual',
      userId,
      passcodeSlot: 1,
      passcode,
    });
    await g.reportEvents([
      change('kp-1', lockA, holder, '777111'),
      change('kp-2', lockA, stranger, '555111'), // not given this lock by the portal
      change('kp-3', lockB, holder, '555222'), // a lock the holder was not given
    ]);
    const changes = await waitFor(async () => {
      const c = await history(holder);
      return c.length === 2 ? c : null;
    });
    expect(changes[0]).toMatchObject({
      lockMacId: lockA,
      oldPasscode: '482913',
      newPasscode: '777111',
      passcodeType: 'CHANGED_AT_LOCK',
    });
    const rows = await ledgerWhen(
      portal,
      alpha.cookie,
      holder,
      (r: LockAccessEntry[]) => r[0]?.passcode === '777111',
    );
    expect(rows[0]!.state).toBe('confirmed');

    // The same entry again (a repeat, or fetched by another gateway): counted once; the next change chains.
    await g.reportEvents([change('kp-1', lockA, holder, '777111'), change('kp-4', lockA, holder, '9090')]);
    const chained = await waitFor(async () => {
      const c = await history(holder);
      return c.length === 3 ? c : null;
    });
    expect(chained[0]).toMatchObject({ oldPasscode: '777111', newPasscode: '9090' });
    await new Promise((r) => setTimeout(r, 500));
    expect(await history(holder)).toHaveLength(3);
    expect(await history(stranger)).toHaveLength(0);

    // A PASSCODE_CHANGED without its passcode is refused whole (counted, logged): nothing recorded.
    await g.reportEvents([{ ...change('kp-5', lockA, holder, '1234'), passcode: undefined }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await history(holder)).toHaveLength(3);
  });
});
