import {
  isKnownTimeZone,
  MAINTENANCE_WINDOW_TEXTS,
  type MaintenanceWindow,
  maintenanceWindow,
} from '@portal/contract';
import { i18n } from '../../lib/i18n/index.ts';

/** Days 0-6 from Sunday, as the server counts them. */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Start hours 0-23 and end hours 1-24 (the server's start minute 0-1439 and end minute 1-1440, on the hour). */
export const START_HOURS = Array.from({ length: 24 }, (_, h) => h);
export const END_HOURS = Array.from({ length: 24 }, (_, h) => h + 1);

export const WINDOW_FORM_TEXTS = {
  noDay: 'Choose at least one day.',
  noZone: 'Choose a time zone.',
  ...MAINTENANCE_WINDOW_TEXTS,
} as const;

/** The form's values: the window in days and whole hours, in the customer's time zone. */
export interface WindowFormValues {
  timeZone: string;
  days: number[];
  startHour: number;
  endHour: number;
}

export type WindowFormProblems = Partial<Record<'timeZone' | 'days' | 'hours', string>>;

/** The browser's own zone, the default of a customer without a window. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * A stored window as the form shows it: minutes become hours (a minute within an hour counts from that hour:
 * 22:30 shows as 22; a window set to the minute through the API is saved on the hour once edited here).
 */
export function formValuesOf(
  window: MaintenanceWindow | null,
  defaultZone = browserTimeZone(),
): WindowFormValues {
  if (!window) return { timeZone: defaultZone, days: [1, 2, 3, 4, 5], startHour: 1, endHour: 5 };
  return {
    timeZone: window.timeZone,
    days: [...new Set(window.days)].sort((a, b) => a - b),
    startHour: Math.floor(window.startMinute / 60),
    endHour: Math.max(1, Math.ceil(window.endMinute / 60)),
  };
}

/** The server's rules, checked in the form: a known time zone, at least one day, start and end not equal. */
export function windowFormProblems(values: WindowFormValues): WindowFormProblems {
  const problems: WindowFormProblems = {};
  if (values.timeZone.trim() === '') problems.timeZone = WINDOW_FORM_TEXTS.noZone;
  else if (!isKnownTimeZone(values.timeZone)) problems.timeZone = WINDOW_FORM_TEXTS.unknownZone;
  if (values.days.length === 0) problems.days = WINDOW_FORM_TEXTS.noDay;
  if (values.startHour === values.endHour) problems.hours = WINDOW_FORM_TEXTS.empty;
  // The contract's schema, as the server parses the body (hours out of range, a day outside 0-6).
  const parsed = maintenanceWindow.safeParse(windowOf(values));
  if (!parsed.success && Object.keys(problems).length === 0)
    problems.hours = parsed.error.issues[0]?.message ?? WINDOW_FORM_TEXTS.empty;
  return problems;
}

/** The call's body for valid values (the contract's schema decides, as on the server). */
export function windowOf(values: WindowFormValues): MaintenanceWindow {
  return {
    timeZone: values.timeZone.trim(),
    days: [...new Set(values.days)].sort((a, b) => a - b),
    startMinute: values.startHour * 60,
    endMinute: values.endHour * 60,
  };
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * 'Mon, Tue, Fri 22:00-02:00 (over midnight), Europe/Berlin'; 'None: updates start at any time'. The texts are
 * the 'firmware' namespace's, loaded by the dialog that shows it.
 */
export function describeWindow(window: MaintenanceWindow | null): string {
  if (!window) return i18n.t('firmware:window.none');
  const days = [...new Set(window.days)]
    .sort((a, b) => a - b)
    .flatMap((d) => {
      const day = WEEKDAYS[d];
      return day ? [i18n.t(`firmware:window.weekdays.${day}`)] : [];
    })
    .join(', ');
  const overMidnight = window.endMinute < window.startMinute ? i18n.t('firmware:window.overMidnight') : '';
  return `${days} ${clock(window.startMinute)}-${clock(window.endMinute)}${overMidnight}, ${window.timeZone}`;
}
