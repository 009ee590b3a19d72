import {
  type BulkLockUserRow,
  type BulkLockUsersResponse,
  LOCK_USERS_IMPORT_BATCH_SIZE,
  LOCK_USERS_IMPORT_CARD_HEADERS,
  LOCK_USERS_IMPORT_HEADERS,
  LOCK_USERS_IMPORT_MAX_BYTES,
  LOCK_USERS_IMPORT_MAX_ROWS,
  type LockUserImportResult,
  lockUserMessages,
  lockUsersAddedMessage,
  lockUsersFailedMessage,
  lockUsersImportMessages,
  lockUsersUpdatedMessage,
  neutralisedCsvCell,
} from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';

/**
 * The bulk lock-user CSV import in the browser (spec 002 section 5, docs/ui.md 'Locks and lock users'): the
 * header rules, the empty file, the size cap, empty lines skipped, batches of 500 sent one after another, the
 * spec's summaries and the refused rows' file. Pure: the CSV parser (csv-parse, loaded with the import dialog)
 * and the call are handed in.
 */

/** A data row of the file: its line (1 is the header) and its cells by column. */
export interface ImportFileRow {
  row: number;
  cells: Record<string, string>;
}

export type ParsedImportFile =
  | { ok: true; headers: readonly string[]; rows: ImportFileRow[] }
  | { ok: false; error: string };

/** What the parser gives: each record's cells and the line it ends on (csv-parse's `info: true`). */
export type CsvRecords = { record: string[]; info: { lines: number } }[];
export type CsvParse = (text: string) => CsvRecords;

export const importHeaders = (isCardUsers: boolean): readonly string[] =>
  isCardUsers ? LOCK_USERS_IMPORT_CARD_HEADERS : LOCK_USERS_IMPORT_HEADERS;

/** A file too large to read: checked on its size before it is read. */
export const fileTooLarge = (bytes: number) => bytes > LOCK_USERS_IMPORT_MAX_BYTES;

/**
 * The file's rows: the header must be exactly the mode's columns (6, or 7 with cardCSN in card mode); a file
 * without data rows is empty; lines whose cells are all empty are skipped; at most LOCK_USERS_IMPORT_MAX_ROWS.
 */
export function readImportFile(text: string, isCardUsers: boolean, parse: CsvParse): ParsedImportFile {
  if (text.replace(/^\uFEFF/, '').trim() === '') return { ok: false, error: lockUserMessages.fileEmpty };
  let records: CsvRecords;
  try {
    records = parse(text);
  } catch {
    return { ok: false, error: lockUsersImportMessages.unreadable };
  }
  const nonEmpty = records.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  const [header, ...data] = nonEmpty;
  if (!header) return { ok: false, error: lockUserMessages.fileEmpty };
  const headers = importHeaders(isCardUsers);
  const given = header.record.map((cell) => cell.trim());
  if (given.length !== headers.length || given.some((cell, i) => cell !== headers[i])) {
    return { ok: false, error: lockUserMessages.headersInvalid };
  }
  if (data.length === 0) return { ok: false, error: lockUserMessages.fileEmpty };
  if (data.length > LOCK_USERS_IMPORT_MAX_ROWS) return { ok: false, error: lockUsersImportMessages.tooLarge };
  return {
    ok: true,
    headers,
    rows: data.map(({ record, info }) => ({
      row: info.lines,
      cells: Object.fromEntries(headers.map((name, i) => [name, record[i] ?? ''])),
    })),
  };
}

/** The call's row: the cells, the e-mail lower-cased, the customer. */
export function bulkRow(row: ImportFileRow, scopeId: string): BulkLockUserRow {
  const { cells } = row;
  return {
    row: row.row,
    firstName: cells.firstName,
    lastName: cells.lastName,
    division: cells.division,
    employeeId: cells.employeeId,
    email: cells.email?.trim().toLowerCase(),
    mobileNo: cells.mobileNo,
    ...(cells.cardCSN !== undefined ? { cardCSN: cells.cardCSN } : {}),
    scopeId,
  };
}

export function batchesOf<T>(items: readonly T[], size = LOCK_USERS_IMPORT_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * Sends the rows in batches of 500, one after another, telling the progress after each; a batch the server
 * refuses whole (or that does not arrive) has each of its rows refused with that reason, and the next goes on.
 */
export async function importInBatches(
  rows: readonly BulkLockUserRow[],
  send: (batch: BulkLockUserRow[]) => Promise<BulkLockUsersResponse>,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<LockUserImportResult[]> {
  const results: LockUserImportResult[] = [];
  let done = 0;
  for (const batch of batchesOf(rows)) {
    try {
      results.push(...(await send(batch)).results);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      for (const [i, row] of batch.entries()) {
        results.push({ row: row.row ?? done + i + 1, outcome: 'refused', reason });
      }
    }
    done += batch.length;
    onProgress(done, rows.length);
  }
  return results;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  total: number;
  /** The spec's texts: added, updated, and failed when a row was refused. */
  messages: { severity: 'success' | 'info' | 'error'; text: string }[];
}

/** The spec's upload summaries for the whole file ('Failed to add ...' names the most frequent reason). */
export function importSummary(results: readonly LockUserImportResult[]): ImportSummary {
  const count = (outcome: LockUserImportResult['outcome']) =>
    results.filter((r) => r.outcome === outcome).length;
  const created = count('created');
  const updated = count('updated');
  const unchanged = count('unchanged');
  const refused = count('refused');
  const total = results.length;
  const messages: ImportSummary['messages'] = [
    { severity: 'success', text: lockUsersAddedMessage(created, total) },
    { severity: 'success', text: lockUsersUpdatedMessage(updated, total) },
  ];
  if (unchanged > 0)
    messages.push({ severity: 'info', text: i18n.t('lock-users:import.unchanged', { unchanged, total }) });
  if (refused > 0) {
    const reasons = new Map<string, number>();
    for (const r of results)
      if (r.outcome === 'refused') reasons.set(r.reason ?? '', (reasons.get(r.reason ?? '') ?? 0) + 1);
    const [reason] = [...reasons].sort((a, b) => b[1] - a[1])[0] ?? [''];
    const others =
      reasons.size > 1 ? i18n.t('lock-users:import.otherReasons', { others: reasons.size - 1 }) : '';
    messages.push({ severity: 'error', text: lockUsersFailedMessage(refused, total, `${reason}${others}`) });
  }
  return { created, updated, unchanged, refused, total, messages };
}

/**
 * The updated rows the server answered with a warning, in file order: the lock-user panel's card warning
 * (cardReconfigureMessage: the user's card changed while locks hold the old one), verbatim.
 */
export function importWarnings(results: readonly LockUserImportResult[]): { row: number; warning: string }[] {
  return results
    .flatMap((r) => (r.outcome === 'updated' && r.warning ? [{ row: r.row, warning: r.warning }] : []))
    .sort((a, b) => a.row - b.row);
}

/** The refused rows' file: the original columns as given plus `reason` ('field: reason'), formulas neutralised. */
export function refusedRowsCsv(
  headers: readonly string[],
  rows: readonly ImportFileRow[],
  results: readonly LockUserImportResult[],
): string {
  const byRow = new Map(rows.map((r) => [r.row, r]));
  const lines = [[...headers, 'reason'].map(neutralisedCsvCell).join(',')];
  for (const result of results) {
    if (result.outcome !== 'refused') continue;
    const cells = byRow.get(result.row)?.cells ?? {};
    const reason = result.field ? `${result.field}: ${result.reason ?? ''}` : (result.reason ?? '');
    lines.push([...headers.map((h) => cells[h] ?? ''), reason].map(neutralisedCsvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The sample file of a mode: the header and one example row. */
export function sampleCsv(isCardUsers: boolean): string {
  const example = ['Ada', 'Lovelace', 'Research', 'E-1001', 'ada.lovelace@example.com', '+44 7911 123456'];
  const lines = [
    importHeaders(isCardUsers).join(','),
    [...example, ...(isCardUsers ? ['04A1B2C3D4'] : [])].join(','),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
