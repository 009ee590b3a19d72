import { CUSTOMERS_CSV_COLUMNS, firmwareLabel, type Scope } from '@portal/contract';
import { csvCell } from '../../lib/csv.ts';

/**
 * Customers.csv: a header row (name, customerId, gatewayFirmware, gatewayOS, partialOS) and one row per
 * customer, CRLF line ends (RFC 4180), preceded by a UTF-8 byte-order mark so spreadsheets read accents.
 * The rows come in the list's order, and the firmware as every screen shows it (the contract's firmwareLabel:
 * 'FW 2025-12-12'); a missing value is an empty cell.
 */
export function customersCsv(customers: readonly Scope[]): string {
  const lines = [CUSTOMERS_CSV_COLUMNS.join(',')];
  for (const c of customers) {
    lines.push(
      [c.name, c.customerId, firmwareLabel(c.firmwareVersion), c.osVersion, c.osPatch].map(csvCell).join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
