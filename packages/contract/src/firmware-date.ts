/**
 * A release date inside a firmware version: yyyy, mm and dd, written together ('20240517') or separated by
 * one of . - / _ ('2024.05.17', 'v2024-05-17', '2024-05-17T08:00:00Z'), not part of a longer number.
 */
const DATE_IN_VERSION = /(?<!\d)(\d{4})([.\-/_]?)(\d{2})\2(\d{2})(?!\d)/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * How every screen and CSV shows a gateway's firmware (spec 000 section 2, spec 001 section 3): 'FW ' plus
 * year(4)-month(2)-day(2) of the release date inside the version ('20261101', 'v2026-11-01', '2026.11.01' all
 * read 'FW 2026-11-01'); a version holding no valid date as the gateway reports it; null when there is none
 * (the screens show '-', a CSV an empty cell).
 */
export function firmwareLabel(version: string | null | undefined): string | null {
  const trimmed = version?.trim();
  if (!trimmed) return null;
  const match = DATE_IN_VERSION.exec(trimmed);
  if (!match) return trimmed;
  const [, year, , month, day] = match as unknown as [string, string, string, string, string];
  return isCalendarDate(Number(year), Number(month), Number(day)) ? `FW ${year}-${month}-${day}` : trimmed;
}
