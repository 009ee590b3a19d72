/** A customer's maintenance window: days 0-6 from Sunday and minutes of the day, in its time zone. */
export interface WindowRow {
  time_zone: string;
  days: number[];
  start_minute: number;
  end_minute: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Whether `at` falls inside the window in the customer's time zone. A window whose end is before its start
 * runs over midnight: it belongs to the day it starts on (Fri 22:00-02:00 includes Saturday 01:00).
 */
export function insideWindow(window: WindowRow, at: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: window.time_zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAYS.indexOf(part('weekday'));
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  const days = new Set(window.days);
  if (window.start_minute < window.end_minute)
    return days.has(day) && minute >= window.start_minute && minute < window.end_minute;
  // Over midnight: the evening part of a listed day, or the morning after a listed day.
  if (minute >= window.start_minute) return days.has(day);
  return minute < window.end_minute && days.has((day + 6) % 7);
}
