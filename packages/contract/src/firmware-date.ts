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
 * Spec 000 section 2: a firmware number shows as 'FW ' plus year(4)-month(2)-day(2); null when it is empty or
 * holds no valid date. The customers list and Customers.csv both show it this way.
 */
export function firmwareDateLabel(version: string | null | undefined): string | null {
  const match = version?.trim() ? DATE_IN_VERSION.exec(version) : null;
  if (!match) return null;
  const [, year, , month, day] = match as unknown as [string, string, string, string, string];
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
  return `FW ${year}-${month}-${day}`;
}
