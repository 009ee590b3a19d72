import {
  type BulkLockUsersResponse,
  cardReconfigureMessage,
  type LockAccessEntry,
  type LockUserSaved,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, injectAs, type TestPortal } from '../../../test/harness.ts';
import {
  LedgerBench,
  type LedgerCustomer,
  ledgerWhen,
  randomCard,
  ScriptedGateway,
  userLedger,
} from '../lock-access/test-helpers.ts';

/**
 * The one lock-user update path (lock-user-update.ts): the panel's update (PUT /api/update-iot-device-users) and
 * the CSV import (POST /api/create-bulk-iot-lock-users) change a user the same way: the same stored values, the
 * same effect on the delivery ledger (a lock keeps the card it was given: nothing is sent), the same card warning
 * naming the locks that hold the old card, the same audit record.
 */
describe(`one lock-user update path: panel and CSV import (${backend} backend)`, () => {
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

  /** A gateway whose locks answer SUCCESS, with `lockCount` locks. */
  async function answeringGateway(lockCount: number) {
    const { g, lockIds } = await bench.gateway(lockCount);
    g.answer = (i) => ({ status: 'SUCCESS', value: ScriptedGateway.success(i) });
    const names = await portal.database.db
      .selectFrom('locks')
      .select(['name', 'mac'])
      .where('id', 'in', lockIds)
      .orderBy('name')
      .orderBy('mac')
      .execute();
    return { g, lockIds, lockNames: names.map((l) => l.name ?? l.mac) };
  }

  /** A lock user with a card whose card and passcode the locks confirmed; answers it as created. */
  async function userOnLocks(lockIds: string[], extra: Record<string, unknown> = {}) {
    const card = randomCard();
    const id = await bench.lockUser(alpha, { cardCSN: card, division: 'Ops', ...extra });
    const granted = await bench.grant(id, lockIds, { card: true });
    expect(granted.statusCode, granted.body).toBe(200);
    await ledgerWhen(
      portal,
      alpha.cookie,
      id,
      (rows) => rows.length === lockIds.length && rows.every((r) => r.state === 'confirmed'),
    );
    const user = await portal.database.db
      .selectFrom('lock_users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, card, email: user.email };
  }

  const panelUpdate = (id: string, payload: Record<string, unknown>) =>
    injectAs(portal, alpha.cookie, 'PUT', `/api/update-iot-device-users/userId/${id}`, { payload });
  const importRows = async (rows: Record<string, unknown>[]) => {
    const response = await injectAs(portal, alpha.cookie, 'POST', '/api/create-bulk-iot-lock-users', {
      query: { isCardUsers: 'true' },
      payload: rows.map((r) => ({ scopeId: alpha.tenant.id, ...r })) as never,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkLockUsersResponse>();
  };
  /** The ledger rows as the lock sees them (ids and times left out). */
  const ledgerShape = (rows: LockAccessEntry[]) =>
    rows
      .map((r) => ({
        lockId: r.lockId,
        cardCSN: r.cardCSN,
        passcode: r.passcode,
        role: r.role,
        operation: r.operation,
        state: r.state,
        attempts: r.attempts,
        revokeRequestedAt: r.revokeRequestedAt,
      }))
      .sort((a, b) => a.lockId.localeCompare(b.lockId));
  const storedUser = (id: string) =>
    portal.database.db.selectFrom('lock_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Columns of the user's last audited update (the audit trigger, docs/audit.md). */
  const auditedColumns = async (id: string) => {
    const row = await portal.database.db
      .selectFrom('audit_log')
      .select(['summary', 'operation'])
      .where('table_name', '=', 'lock_users')
      .where('target_id', '=', id)
      .where('operation', '=', 'UPDATE')
      .orderBy('at', 'desc')
      .executeTakeFirst();
    return row ? Object.keys(row.summary).sort() : null;
  };

  it("an imported card change of a user on locks answers the panel's warning on its row and leaves the ledger as the panel's update does", async () => {
    const { g, lockIds, lockNames } = await answeringGateway(2);
    const viaPanel = await userOnLocks(lockIds);
    const viaImport = await userOnLocks(lockIds);
    const ledgerBefore = {
      panel: ledgerShape((await userLedger(portal, alpha.cookie, viaPanel.id)).access),
      import: ledgerShape((await userLedger(portal, alpha.cookie, viaImport.id)).access),
    };
    const sentBefore = g.received.length;

    const panelCard = randomCard();
    const saved = await panelUpdate(viaPanel.id, {
      firstName: 'Ada',
      lastName: 'Lock',
      cardCSN: panelCard,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<LockUserSaved>().warning).toBe(cardReconfigureMessage(lockNames));

    const importCard = randomCard();
    const result = await importRows([
      {
        row: 2,
        firstName: 'Ada',
        lastName: 'Lock',
        division: 'Ops',
        email: viaImport.email,
        cardCSN: importCard,
      },
    ]);
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(result.results).toEqual([
      { row: 2, outcome: 'updated', warning: cardReconfigureMessage(lockNames) },
    ]);
    expect((await storedUser(viaImport.id)).card_csn).toBe(importCard);

    // The locks keep the card they were given, by either path: nothing is sent, every row stays confirmed with
    // the old card until access is given again (the warning's 're-configure the access with the new card').
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(g.received.length).toBe(sentBefore);
    const ledgerAfter = {
      panel: ledgerShape((await userLedger(portal, alpha.cookie, viaPanel.id)).access),
      import: ledgerShape((await userLedger(portal, alpha.cookie, viaImport.id)).access),
    };
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect(ledgerAfter.import.map((r) => r.cardCSN)).toEqual([viaImport.card, viaImport.card]);
    const withoutCard = (rows: typeof ledgerAfter.panel) => rows.map(({ cardCSN: _, ...rest }) => rest);
    expect(withoutCard(ledgerAfter.import)).toEqual(withoutCard(ledgerAfter.panel));

    // Giving access again (the re-configuration the warning asks for) sends the new card, whichever path set it.
    const regrant = await bench.grant(viaImport.id, lockIds, { card: true });
    expect(regrant.statusCode, regrant.body).toBe(200);
    const delivered = await ledgerWhen(portal, alpha.cookie, viaImport.id, (rows) =>
      rows.every((r) => r.state === 'confirmed' && r.cardCSN === importCard),
    );
    expect(delivered).toHaveLength(2);
    expect(g.received.slice(sentBefore).map((i) => i.value.cardCSN)).toEqual([importCard, importCard]);
  });

  it('the panel and the import store the same result for the same change', async () => {
    const { lockIds, lockNames } = await answeringGateway(1);
    const viaPanel = await userOnLocks(lockIds, { employeeId: 'E-1', mobileNo: '+441234567890' });
    const viaImport = await userOnLocks(lockIds, { employeeId: 'E-1', mobileNo: '+441234567890' });
    const [panelCard, importCard] = [randomCard(), randomCard()];
    const change = { firstName: 'Grace', lastName: 'Hopper', division: 'Navy', employeeId: 'E-2' };

    const saved = await panelUpdate(viaPanel.id, {
      ...change,
      mobileNo: '+447911123456',
      cardCSN: panelCard,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = await importRows([
      // The CSV's own spellings: spaces in the mobile number, the e-mail upper-cased, the card lower-cased.
      {
        row: 2,
        ...change,
        email: viaImport.email.toUpperCase(),
        mobileNo: '+44 7911 123456',
        cardCSN: importCard.toLowerCase(),
      },
    ]);
    expect(result.results).toEqual([
      { row: 2, outcome: 'updated', warning: saved.json<LockUserSaved>().warning },
    ]);
    expect(saved.json<LockUserSaved>().warning).toBe(cardReconfigureMessage(lockNames));

    const comparable = async (id: string) => {
      const {
        id: _id,
        email: _e,
        email_hash: _h,
        card_csn,
        created_at: _c,
        updated_at: _u,
        ...rest
      } = await storedUser(id);
      return { ...rest, card: card_csn };
    };
    expect(await comparable(viaPanel.id)).toEqual({ ...(await comparable(viaImport.id)), card: panelCard });
    expect((await storedUser(viaImport.id)).card_csn).toBe(importCard);
    expect(await comparable(viaImport.id)).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      division: 'Navy',
      employee_id: 'E-2',
      mobile_no: '+447911123456',
      deleted_at: null,
    });
    // The same audited columns, the same ledger.
    expect(await auditedColumns(viaImport.id)).toEqual(await auditedColumns(viaPanel.id));
    expect(await auditedColumns(viaImport.id)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'division', 'employee_id', 'mobile_no', 'card_csn']),
    );
    const ledgers = await Promise.all(
      [viaPanel, viaImport].map(async (u) =>
        ledgerShape((await userLedger(portal, alpha.cookie, u.id)).access).map(({ cardCSN, ...rest }) => ({
          ...rest,
          oldCard: cardCSN === u.card,
        })),
      ),
    );
    expect(ledgers[1]).toEqual(ledgers[0]);

    // A re-run of the same row changes nothing and warns of nothing: the warning comes with a change only.
    const rerun = await importRows([
      { row: 2, ...change, email: viaImport.email, mobileNo: '+447911123456', cardCSN: importCard },
    ]);
    expect(rerun.results).toEqual([{ row: 2, outcome: 'unchanged' }]);
  });
});
