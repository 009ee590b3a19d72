import { CUSTOMERS_CSV_COLUMNS, firmwareDateLabel, type Scope } from '@portal/contract';

/** Characters a spreadsheet reads as the start of a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: a formula-looking value is neutralised with a leading quote, then quoted per RFC 4180. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Customers.csv: a header row (name, customerId, gatewayFirmware, gatewayOS, partialOS) and one row per
 * customer, CRLF line ends (RFC 4180), preceded by a UTF-8 byte-order mark so spreadsheets read accents.
 * The rows come in the list's order, and the firmware as the list shows it ('FW 2025-12-12'); a missing
 * value is an empty cell.
 */
export function customersCsv(customers: readonly Scope[]): string {
  const lines = [CUSTOMERS_CSV_COLUMNS.join(',')];
  for (const c of customers) {
    lines.push(
      [c.name, c.customerId, firmwareDateLabel(c.firmwareVersion), c.osVersion, c.osPatch]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
