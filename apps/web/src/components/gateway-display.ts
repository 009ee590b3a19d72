/** What the table shows for a missing value. */
export const NO_VALUE = '-';

const DATED_FIRMWARE = /^v(\d{4}-\d{2}-\d{2})\b/;

/** 'v2024-05-12' -> 'FW 2024-05-12'; another non-empty version as it is; '-' when there is none. */
export function formatFirmware(firmware: string | null | undefined): string {
  const version = firmware?.trim();
  if (!version) return NO_VALUE;
  const dated = DATED_FIRMWARE.exec(version);
  return dated ? `FW ${dated[1]}` : version;
}

/** A sensor reading rounded to 2 decimals, without trailing zeros; '-' when there is none. */
export function formatReading(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return String(Math.round(value * 100) / 100);
}

function isSameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** Local time of an epoch-ms instant: the time alone when it is today, otherwise date and time. */
export function formatLastUpdate(epochMs: number | null | undefined, now: Date = new Date()): string {
  if (epochMs === null || epochMs === undefined) return NO_VALUE;
  const at = new Date(epochMs);
  return isSameDay(at, now) ? at.toLocaleTimeString() : at.toLocaleString();
}
