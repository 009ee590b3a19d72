import {
  type BulkLockUserRow,
  type BulkLockUsersResponse,
  cardReconfigureMessage,
  LOCK_USERS_IMPORT_MAX_BYTES,
  LOCK_USERS_IMPORT_MAX_ROWS,
  lockUserMessages,
  lockUsersImportMessages,
} from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import { parseCsvRecords } from './csv-parse-records.ts';
import {
  batchesOf,
  bulkRow,
  fileTooLarge,
  importInBatches,
  importSummary,
  importWarnings,
  readImportFile,
  refusedRowsCsv,
  sampleCsv,
} from './lock-users-import.ts';

beforeAll(() => initI18n('en', ['lock-users']));

const HEADER = 'firstName,lastName,division,employeeId,email,mobileNo';
const read = (text: string, card = false) => readImportFile(text, card, parseCsvRecords);

describe('lock users CSV file', () => {
  it('takes exactly the 6 columns, or the 7 with cardCSN in card mode', () => {
    const row = 'Ada,Lovelace,R&D,E1,Ada@Example.com,+44 7911 123456';
    expect(read(`${HEADER}\n${row}`)).toMatchObject({ ok: true, rows: [{ row: 2 }] });
    expect(read(`${HEADER},cardCSN\n${row},04A1B2C3D4`, true)).toMatchObject({
      ok: true,
      rows: [{ cells: { cardCSN: '04A1B2C3D4', email: 'Ada@Example.com' } }],
    });
    // BOM and spaces around the names are fine.
    expect(read(`\uFEFF${HEADER.replaceAll(',', ' , ')}\n${row}`).ok).toBe(true);
    const invalid = { ok: false, error: lockUserMessages.headersInvalid };
    expect(read(`${HEADER},cardCSN\n${row},04A1B2C3D4`)).toEqual(invalid);
    expect(read(`${HEADER}\n${row}`, true)).toEqual(invalid);
    expect(read(`lastName,firstName,division,employeeId,email,mobileNo\n${row}`)).toEqual(invalid);
    expect(read(`${HEADER.toLowerCase()}\n${row}`)).toEqual(invalid);
    expect(read(`${HEADER},extra\n${row}`)).toEqual(invalid);
  });

  it('says an empty file is empty (nothing, blank lines, a header alone)', () => {
    const empty = { ok: false, error: lockUserMessages.fileEmpty };
    expect(read('')).toEqual(empty);
    expect(read('\n \r\n\n')).toEqual(empty);
    expect(read(`${HEADER}\n\n,,,,,\n`)).toEqual(empty);
  });

  it('skips empty lines and keeps each row its line number', () => {
    const parsed = read(`${HEADER}\n\nA,B,,,a@x.io,\n,,,,,\n  \nC,D,,,c@x.io,\n`);
    expect(parsed.ok && parsed.rows.map((r) => [r.row, r.cells.firstName])).toEqual([
      [3, 'A'],
      [6, 'C'],
    ]);
  });

  it('caps the file: bytes before reading, rows after', () => {
    expect(fileTooLarge(LOCK_USERS_IMPORT_MAX_BYTES)).toBe(false);
    expect(fileTooLarge(LOCK_USERS_IMPORT_MAX_BYTES + 1)).toBe(true);
    const rows = Array.from({ length: LOCK_USERS_IMPORT_MAX_ROWS + 1 }, (_, i) => `A,B,,,u${i}@x.io,`);
    expect(read([HEADER, ...rows].join('\n'))).toEqual({
      ok: false,
      error: lockUsersImportMessages.tooLarge,
    });
  });

  it('sends the e-mail lower-cased, the customer on every row, the card only in card mode', () => {
    const parsed = read(`${HEADER}\nA,B,,,A@X.IO,+44 7911 123456`);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(bulkRow(parsed.rows[0]!, 'scope-1')).toEqual({
      row: 2,
      firstName: 'A',
      lastName: 'B',
      division: '',
      employeeId: '',
      email: 'a@x.io',
      mobileNo: '+44 7911 123456',
      scopeId: 'scope-1',
    });
  });
});

describe('lock users import batches', () => {
  const rows: BulkLockUserRow[] = Array.from({ length: 1201 }, (_, i) => ({ row: i + 2, scopeId: 's' }));

  it('sends batches of 500 one after another and tells the progress', async () => {
    expect(batchesOf(rows).map((b) => b.length)).toEqual([500, 500, 201]);
    const sizes: number[] = [];
    const progress: number[] = [];
    let inFlight = 0;
    const results = await importInBatches(
      rows,
      async (batch) => {
        inFlight++;
        expect(inFlight).toBe(1);
        sizes.push(batch.length);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return {
          created: batch.length,
          updated: 0,
          unchanged: 0,
          refused: 0,
          results: batch.map((r) => ({ row: r.row ?? 0, outcome: 'created' as const })),
        } satisfies BulkLockUsersResponse;
      },
      (done) => progress.push(done),
    );
    expect(sizes).toEqual([500, 500, 201]);
    expect(progress).toEqual([500, 1000, 1201]);
    expect(results).toHaveLength(1201);
  });

  it('refuses every row of a batch the server refused whole, and goes on', async () => {
    let call = 0;
    const results = await importInBatches(rows.slice(0, 600), async (batch) => {
      if (call++ === 0) throw new Error(lockUsersImportMessages.batchFailed);
      return {
        created: 0,
        updated: 0,
        unchanged: batch.length,
        refused: 0,
        results: batch.map((r) => ({ row: r.row ?? 0, outcome: 'unchanged' as const })),
      };
    });
    expect(results.filter((r) => r.outcome === 'refused')).toHaveLength(500);
    expect(results[0]).toEqual({ row: 2, outcome: 'refused', reason: lockUsersImportMessages.batchFailed });
    expect(importSummary(results).messages.map((m) => m.text)).toEqual([
      'Successfully added 0/600 users',
      'Successfully updated 0/600 users',
      '100/600 users unchanged',
      `Failed to add 500/600 users - ${lockUsersImportMessages.batchFailed}`,
    ]);
  });
});

describe('import warnings', () => {
  it("lists the updated rows' card warnings (the panel's text) in file order, nothing else", () => {
    const warning = cardReconfigureMessage(['Door 1', 'Door 2']);
    expect(
      importWarnings([
        { row: 7, outcome: 'updated', warning },
        { row: 3, outcome: 'updated' },
        { row: 2, outcome: 'updated', warning: cardReconfigureMessage(['Door 3']) },
        { row: 4, outcome: 'refused', field: 'cardCSN', reason: 'x' },
        { row: 5, outcome: 'unchanged' },
      ]),
    ).toEqual([
      { row: 2, warning: cardReconfigureMessage(['Door 3']) },
      { row: 7, warning },
    ]);
    expect(importWarnings([])).toEqual([]);
  });
});

describe('refused rows file', () => {
  it('has the original columns plus the reason, formulas neutralised', () => {
    const parsed = read(`${HEADER}\n"=HYPERLINK(""x"")",B,,,bad,\nC,D,,,c@x.io,`);
    if (!parsed.ok) throw new Error(parsed.error);
    const csv = refusedRowsCsv(parsed.headers, parsed.rows, [
      { row: 2, outcome: 'refused', field: 'email', reason: 'Invalid email' },
      { row: 3, outcome: 'created' },
    ]);
    expect(csv).toBe(`${HEADER},reason\r\n"'=HYPERLINK(""x"")",B,,,bad,,email: Invalid email\r\n`);
    expect(importSummary([{ row: 2, outcome: 'refused', reason: 'x' }]).messages.at(-1)?.text).toBe(
      'Failed to add 1/1 users - x',
    );
  });

  it('reads a quote inside an unquoted cell as it is (a formula as typed in a spreadsheet)', () => {
    const parsed = read(`${HEADER}\n=HYPERLINK("x"),B,,,bad,`);
    expect(parsed.ok && parsed.rows[0]?.cells.firstName).toBe('=HYPERLINK("x")');
  });

  it('offers sample files that pass the header rules', () => {
    expect(read(sampleCsv(false)).ok).toBe(true);
    expect(read(sampleCsv(true), true).ok).toBe(true);
  });
});
