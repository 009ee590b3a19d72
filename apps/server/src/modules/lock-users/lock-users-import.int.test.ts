import {
  type BulkLockUsersResponse,
  cardAssignedMessage,
  controlCharacterMessage,
  DEFAULT_PERMISSIONS,
  duplicateRowMessage,
  LOCK_USERS_IMPORT_MAX_BATCH_BYTES,
  type LockUsersLiveMessage,
  live,
  lockUserMessages,
  lockUserMobileMessage,
  lockUsersImportMessages,
} from '@portal/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  backend,
  createCustomerWithUser,
  randomTag,
  sharedPortal,
  signIn,
  type TestPortal,
  waitFor,
  watchLive,
} from '../../../test/harness.ts';

const WRITER = [...DEFAULT_PERMISSIONS, 'IOT_DEVICE_READ', 'IOT_USER_READ', 'IOT_USER_WRITE'];
const READER = [...DEFAULT_PERMISSIONS, 'IOT_USER_READ'];
const card = () =>
  randomTag(10)
    .toUpperCase()
    .replace(/[^0-9A-F]/g, 'A')
    .slice(0, 10)
    .padEnd(10, 'B');

describe(`bulk lock-user import (${backend} backend)`, () => {
  let portal: TestPortal;
  let alpha: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let beta: Awaited<ReturnType<typeof createCustomerWithUser>>;
  let alphaCookie: string;
  let readerCookie: string;

  const post = (rows: unknown[], isCardUsers = false, cookie = alphaCookie) =>
    portal.app.inject({
      method: 'POST',
      url: `/api/create-bulk-iot-lock-users?isCardUsers=${isCardUsers}`,
      headers: { cookie },
      payload: rows as never,
    });
  const imported = async (rows: unknown[], isCardUsers = false) => {
    const response = await post(rows, isCardUsers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkLockUsersResponse>();
  };
  const row = (
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> & { email: string; cardCSN?: string } => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    division: 'R&D',
    employeeId: 'E-1',
    email: `ada-${randomTag(8)}@example.com`,
    mobileNo: '',
    scopeId: alpha.tenant.id,
    ...extra,
  });
  const storedByEmail = (email: string) =>
    portal.database.db
      .selectFrom('lock_users')
      .selectAll()
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .execute();
  const countOf = async (tenantId: string) =>
    (
      await portal.database.db
        .selectFrom('lock_users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    portal = await sharedPortal();
    alpha = await createCustomerWithUser(portal, 'ImportAlpha', { permissions: WRITER });
    beta = await createCustomerWithUser(portal, 'ImportBeta', { permissions: WRITER });
    const reader = await createCustomerWithUser(portal, 'ImportReader', { permissions: READER });
    alphaCookie = await signIn(portal, alpha.email, alpha.password);
    readerCookie = await signIn(portal, reader.email, reader.password);
  });

  it('takes a JSON array of rows (no header) and answers every row, one live message for the batch', async () => {
    const watcher = await watchLive<LockUsersLiveMessage>(
      portal,
      alphaCookie,
      live.lockUsers(alpha.tenant.id),
    );
    try {
      const email = `Grace.${randomTag()}@Example.COM`;
      const result = await imported([
        row({ row: 2, firstName: '  Grace', email, mobileNo: '+44 7911 123456' }),
        row({ row: 3 }),
        row({ row: 4, firstName: '' }),
      ]);
      expect(result).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: 1 });
      expect(result.results).toEqual([
        { row: 2, outcome: 'created' },
        { row: 3, outcome: 'created' },
        { row: 4, outcome: 'refused', field: 'firstName', reason: lockUserMessages.csvFirstNameRequired },
      ]);
      const [stored] = await storedByEmail(email.toLowerCase());
      expect(stored).toMatchObject({
        first_name: 'Grace',
        email: email.toLowerCase(),
        mobile_no: '+447911123456',
        card_csn: null,
        tenant_id: alpha.tenant.id,
      });
      await waitFor(async () => watcher.messages.some((m) => m.type === 'bulkUpdate'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(watcher.messages).toEqual([{ type: 'bulkUpdate', created: 2, updated: 0 }]);
    } finally {
      await watcher.client.endAsync(true);
    }
  });

  it('refuses each bad row with its field and reason and imports the others', async () => {
    const result = await imported(
      [
        row({ lastName: '' }),
        row({ firstName: 'A'.repeat(21) }),
        row({ email: 'not-an-email' }),
        row({ mobileNo: '0044 12' }),
        row({ cardCSN: 'XYZ' }),
        row({ division: 'D'.repeat(21) }),
        row({ employeeId: 'E'.repeat(21) }),
        row({ firstName: 'Bell\u0007' }),
        row({ firstName: '=1+2', lastName: '@SUM(A1)', cardCSN: card() }),
      ],
      true,
    );
    expect(result.results.map((r) => [r.outcome, r.field, r.reason])).toEqual([
      ['refused', 'lastName', lockUserMessages.csvLastNameRequired],
      ['refused', 'firstName', lockUserMessages.firstNameTooLong],
      ['refused', 'email', expect.any(String)],
      ['refused', 'mobileNo', lockUserMobileMessage('0044 12')],
      ['refused', 'cardCSN', lockUserMessages.invalidCard],
      ['refused', 'division', lockUserMessages.divisionTooLong],
      ['refused', 'employeeId', lockUserMessages.employeeIdTooLong],
      ['refused', 'firstName', controlCharacterMessage('firstName')],
      // A formula cell is stored as given (neutralised on export).
      ['created', undefined, undefined],
    ]);
  });

  it('updates a stored user whose values differ, leaves an identical one unchanged; a re-run changes nothing', async () => {
    const a = row({ cardCSN: card() });
    const b = row({ cardCSN: card() });
    const first = await imported([a, b], true);
    expect(first).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: 0 });
    const [before] = await storedByEmail(a.email);
    const changed = await imported([{ ...a, lastName: 'Byron', email: a.email.toUpperCase() }, b], true);
    expect(changed.results).toEqual([
      { row: 1, outcome: 'updated' },
      { row: 2, outcome: 'unchanged' },
    ]);
    const [after] = await storedByEmail(a.email);
    expect(after?.id).toBe(before?.id);
    expect(after?.last_name).toBe('Byron');
    const total = await countOf(alpha.tenant.id);
    const rerun = await imported([{ ...a, lastName: 'Byron' }, b], true);
    expect(rerun).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    expect(await countOf(alpha.tenant.id)).toBe(total);
    const [again] = await storedByEmail(a.email);
    expect(again?.updated_at).toEqual(after?.updated_at);
    // In the users' file (no card column) and with an empty card, the stored card stays.
    expect((await imported([{ ...a, lastName: 'Byron', cardCSN: '' }], true)).unchanged).toBe(1);
    expect((await imported([{ ...a, lastName: 'Byron' }], false)).unchanged).toBe(1);
    expect((await storedByEmail(a.email))[0]?.card_csn).toBe(a.cardCSN);
  });

  it('refuses repeats inside the batch and a card of another stored user', async () => {
    const holder = row({ cardCSN: card() });
    await imported([holder], true);
    const email = `dup-${randomTag()}@example.com`;
    const shared = card();
    const result = await imported(
      [
        row({ email }),
        row({ email: email.toUpperCase() }),
        row({ cardCSN: shared }),
        row({ cardCSN: shared.toLowerCase() }),
        row({ cardCSN: holder.cardCSN }),
      ],
      true,
    );
    expect(result.results).toEqual([
      { row: 1, outcome: 'created' },
      { row: 2, outcome: 'refused', field: 'email', reason: duplicateRowMessage(1) },
      { row: 3, outcome: 'created' },
      { row: 4, outcome: 'refused', field: 'cardCSN', reason: duplicateRowMessage(3) },
      { row: 5, outcome: 'refused', field: 'cardCSN', reason: cardAssignedMessage(holder.email) },
    ]);
  });

  it("refuses rows of another customer's scope, unknown scopes and non-ids; nothing written there", async () => {
    const before = await countOf(beta.tenant.id);
    const result = await imported([
      row({ scopeId: beta.tenant.id }),
      row({ scopeId: '00000000-0000-4000-8000-000000000000' }),
      row({ scopeId: 'not-a-scope' }),
      row(),
    ]);
    expect(result.results.map((r) => [r.outcome, r.field, r.reason])).toEqual([
      ['refused', 'scopeId', lockUsersImportMessages.scopeNotReached],
      ['refused', 'scopeId', lockUsersImportMessages.scopeNotReached],
      ['refused', 'scopeId', lockUsersImportMessages.scopeNotReached],
      ['created', undefined, undefined],
    ]);
    expect(await countOf(beta.tenant.id)).toBe(before);
  });

  it('refuses a batch of 501 rows whole, and callers without IOT_USER_WRITE', async () => {
    const before = await countOf(alpha.tenant.id);
    const response = await post(Array.from({ length: 501 }, () => row()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: lockUsersImportMessages.batchTooLarge });
    expect((await post([row()], false, readerCookie)).statusCode).toBe(403);
    expect(await countOf(alpha.tenant.id)).toBe(before);
    const full = await imported(Array.from({ length: 500 }, () => row()));
    expect(full.created).toBe(500);
  });

  it('caps a batch at LOCK_USERS_IMPORT_MAX_BATCH_BYTES on the server: at the cap taken, one byte over refused', async () => {
    const before = await countOf(alpha.tenant.id);
    // 500 rows whose cells (at most 1000 characters each) are filled with 3-byte characters up to `bytes`.
    const sized = (bytes: number) => {
      const rows = Array.from({ length: 500 }, () => row({ mobileNo: '12' }));
      const cells = rows.flatMap((r) =>
        ['firstName', 'lastName', 'division', 'employeeId'].map((k) => [r, k] as const),
      );
      let left = bytes - Buffer.byteLength(JSON.stringify(rows));
      for (const [r, key] of cells) {
        left += Buffer.byteLength(String(r[key]));
        const take = Math.min(left, 2997);
        r[key] = '€'.repeat(Math.floor(take / 3)) + 'x'.repeat(take % 3);
        left -= take;
      }
      const body = JSON.stringify(rows);
      expect(Buffer.byteLength(body)).toBe(bytes);
      return portal.app.inject({
        method: 'POST',
        url: '/api/create-bulk-iot-lock-users?isCardUsers=false',
        headers: { cookie: alphaCookie, 'content-type': 'application/json' },
        payload: body,
      });
    };
    const over = await sized(LOCK_USERS_IMPORT_MAX_BATCH_BYTES + 1);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ message: lockUsersImportMessages.tooLarge });
    const at = await sized(LOCK_USERS_IMPORT_MAX_BATCH_BYTES);
    expect(at.statusCode, at.body.slice(0, 300)).toBe(200);
    const result = at.json<BulkLockUsersResponse>();
    expect(result.refused).toBe(500); // each row refused for its mobile number, the batch taken
    expect(await countOf(alpha.tenant.id)).toBe(before);
  });

  it('leaves nothing half-done when the batch fails part-way', async () => {
    const stored = row();
    await imported([stored]);
    const db = portal.database.db;
    await sql`ALTER TABLE lock_users ADD CONSTRAINT import_test_boom CHECK (first_name <> 'Boom')`.execute(
      db,
    );
    try {
      const before = await countOf(alpha.tenant.id);
      const fresh = row();
      const response = await post([{ ...stored, lastName: 'Changed' }, fresh, row({ firstName: 'Boom' })]);
      expect(response.statusCode).toBe(500);
      expect(await countOf(alpha.tenant.id)).toBe(before);
      expect((await storedByEmail(stored.email))[0]?.last_name).toBe('Lovelace');
      expect(await storedByEmail(fresh.email)).toEqual([]);
    } finally {
      await sql`ALTER TABLE lock_users DROP CONSTRAINT import_test_boom`.execute(db);
    }
  });
});
