import { formatDate } from './i18n/format.ts';
import { currentLanguage } from './i18n/i18n.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st. */
function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${day}${suffix}`;
}

const twoDigits = (value: number) => value.toString().padStart(2, '0');

/**
 * Another language than English writes dates as its locale does, through Intl (docs/i18n.md): '05.01.2025,
 * 15:04:05' in German. English keeps the spec's display below.
 */
const inEnglish = () => currentLanguage() === 'en';

/** Spec 001 section 9 date display 'MMM Do, YYYY h:mm:ss a' in local time: 'Jan 5th, 2025 3:04:05 pm'. */
export function formatDateTime(ms: number): string {
  if (!inEnglish()) return formatDate(ms, { dateStyle: 'medium', timeStyle: 'medium' });
  const at = new Date(ms);
  const hours = at.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatDay(ms)} ${hour12}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())} ${
    hours < 12 ? 'am' : 'pm'
  }`;
}

/** The day part of the display: 'Jan 5th, 2025'. */
export function formatDay(ms: number): string {
  if (!inEnglish()) return formatDate(ms, { dateStyle: 'medium' });
  const at = new Date(ms);
  return `${MONTHS[at.getMonth()]} ${ordinal(at.getDate())}, ${at.getFullYear()}`;
}

/** The time part: '3:04:05 pm'. */
export function formatTime(ms: number): string {
  if (!inEnglish()) return formatDate(ms, { timeStyle: 'medium' });
  return formatDateTime(ms).slice(formatDay(ms).length + 1);
}
