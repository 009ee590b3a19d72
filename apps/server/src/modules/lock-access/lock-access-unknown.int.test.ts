import type { LockHistory } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal, waitFor } from '../../../test/harness.ts';
import { LedgerBench, type LedgerCustomer, ledgerWhen, ScriptedGateway } from './test-helpers.ts';

// A lock holding a user the ledger never gave (docs/locks.md, Reconciliation): a lock user of the portal is
// taken off the lock through the ledger (a removal row, sent like any other); an id that is no lock user is
// left, and both are written once in the lock's history.
describe(`lock access: users a lock holds that the ledger never gave (${backend} backend)`, () => {
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

  const historyMessages = async (lockMac: string) => {
    const end = Date.now() + 60_000;
    const response = await injectAs(
      portal,
      alpha.cookie,
      'GET',
      `/api/lock-history/start/${end - 3600_000}/end/${end}/macId/${lockMac}/scopeId/${alpha.tenant.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LockHistory>().entries.flatMap((e) => (e.kind === 'PORTAL' ? [e.message] : []));
  };

  it('removes a lock user the ledger has no row for, leaves an unknown id, and records both once', async () => {
    const { g } = await bench.gateway(2);
    const [lockA, lockB] = g.locks as [string, string];
    const stranger = await bench.lockUser(alpha, { firstName: 'Stray', lastName: 'Holder' });
    const granted = await bench.lockUser();
    const ghost = crypto.randomUUID(); // no lock user of the portal
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    expect((await bench.grant(granted, [await ledgerLockId(lockB)])).statusCode).toBe(200);
    await ledgerWhen(portal, alpha.cookie, granted, (r) => r[0]?.state === 'confirmed');
    const sentBefore = g.received.length;

    // Held, not answered yet: the ledger shows the removal on its way.
    g.answer = () => null;
    await g.reportLocks({ [lockA]: [stranger, ghost, 'keypad-7'], [lockB]: [granted] });
    await waitFor(async () => g.received.length === sentBefore + 1);
    const removal = g.received.at(-1)!;
    expect([removal.type, removal.value.lockMac, removal.value.userId]).toEqual([
      'REMOVE_LOCKDEVICE_USER',
      lockA,
      stranger,
    ]);
    const rows = await ledgerWhen(portal, alpha.cookie, stranger, (r) => r[0]?.state === 'sent');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.operation).toBe('revoke');
    await g.reply(removal, 'SUCCESS', ScriptedGateway.success(removal));
    await ledgerWhen(portal, alpha.cookie, stranger, (r) => r.length === 0); // confirmed removals are not listed

    const messages = await waitFor(async () => {
      const m = await historyMessages(lockA);
      return m.length === 3 ? m : null;
    });
    expect(messages).toEqual(
      expect.arrayContaining([
        'Unknown user Stray Holder found on the lock: removal sent',
        `Unknown user ${ghost} found on the lock: not a lock user of the portal, remove it at the lock`,
        'Unknown user keypad-7 found on the lock: not a lock user of the portal, remove it at the lock',
      ]),
    );
    expect(await historyMessages(lockB)).toEqual([]); // the granted user is the ledger's

    // The next inventory (the stranger gone, the unknown ids still there): nothing sent, nothing recorded twice.
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    await g.reportLocks({ [lockA]: [ghost, 'keypad-7'], [lockB]: [granted] });
    await new Promise((r) => setTimeout(r, 800));
    expect(g.received.length).toBe(sentBefore + 1);
    expect(await historyMessages(lockA)).toHaveLength(3);
  });

  const ledgerLockId = async (mac: string) =>
    (
      await portal.database.db
        .selectFrom('locks')
        .select('id')
        .where('mac', '=', mac)
        .executeTakeFirstOrThrow()
    ).id;
});
