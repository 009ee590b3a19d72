import { SCANNED_LOCKS_CSV_HEADERS, type ScannedLock } from '@portal/contract';
import { csvCell } from '../../lib/csv.ts';

/**
 * ScannedData.csv: a header row (Lock Name, MAC, RSSI, Time) and one row per lock of the last scan, CRLF line
 * ends and a byte-order mark as Customers.csv. Names go through csvCell (formula-looking text neutralised);
 * the RSSI is a number and stays one.
 */
export function scannedLocksCsv(scan: { ti: number; locks: ScannedLock[] } | null): string {
  const lines = [SCANNED_LOCKS_CSV_HEADERS.join(',')];
  if (scan) {
    const time = new Date(scan.ti).toISOString();
    for (const lock of scan.locks) {
      lines.push([csvCell(lock.name ?? lock.MAC), csvCell(lock.MAC), String(lock.RSSI), time].join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
