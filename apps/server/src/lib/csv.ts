/** Characters a spreadsheet reads as the start of a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: a formula-looking value is neutralised with a leading quote, then quoted per RFC 4180. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A cell of an export that writes empty cells as `empty` (the lock exports' '-', spec 002 section 3): the mark
 * itself is written as is, not neutralised as a formula; any other value goes through csvCell.
 */
export function csvCellOr(value: string | number | null | undefined, empty: string): string {
  return value == null || value === '' ? empty : csvCell(String(value));
}
