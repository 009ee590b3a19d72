import {
  LOCK_HISTORY_INTERVALS,
  LOCK_HISTORY_MAX_ENTRIES,
  type LockHistory,
  type LockHistoryEntry,
} from '@portal/contract';
import { NO_VALUE } from './lock-display.ts';

/** The history's default range: the last 24 hours. */
export const DEFAULT_HISTORY_INTERVAL = 1;

/** The range of an interval of the picker, ending now (rounded to the second so a re-render asks the same). */
export function historyRange(intervalIndex: number, now = Date.now()): { start: number; end: number } {
  const interval = LOCK_HISTORY_INTERVALS[intervalIndex] ?? LOCK_HISTORY_INTERVALS[DEFAULT_HISTORY_INTERVAL];
  const end = Math.ceil(now / 1000) * 1000;
  return { start: end - interval.ms, end };
}

const KIND_TEXT: Record<LockHistoryEntry['kind'], string> = {
  UNLOCKED: 'Unlocked',
  LOCKED: 'Locked',
  REFUSED: 'Refused',
  ALARM: 'Alarm',
  PASSCODE_CHANGED: 'Passcode changed at the lock',
  PORTAL: 'Portal',
};
const METHOD_TEXT: Record<NonNullable<LockHistoryEntry['method']>, string> = {
  card: 'Card',
  passcode: 'Passcode',
  app: 'App',
  remote: 'Remote (portal)',
  manual: 'Manual',
  auto: 'Auto-lock',
};
const REASON_TEXT: Record<NonNullable<LockHistoryEntry['reason']>, string> = {
  WRONG_CODE: 'Wrong code',
  UNKNOWN_CARD: 'Unknown card',
  OUTSIDE_SCHEDULE: 'Outside schedule',
  LOW_BATTERY: 'Low battery',
};
const ALARM_TEXT: Record<NonNullable<LockHistoryEntry['alarm']>, string> = {
  JAMMED: 'Jammed',
  TAMPER: 'Tamper',
  FORCED_OPEN: 'Forced open',
  LOW_BATTERY: 'Low battery',
};

/** One row of the Lock History table: what happened, how, who, and the details. */
export function describeEntry(entry: LockHistoryEntry): {
  event: string;
  how: string;
  who: string;
  detail: string;
} {
  const who =
    entry.userName ??
    (entry.cardCSN ? `Card ${entry.cardCSN}` : null) ??
    (entry.userId ? `User ${entry.userId}` : null) ??
    (entry.passcodeSlot !== null ? `Passcode slot ${entry.passcodeSlot}` : NO_VALUE);
  const details = [
    entry.message,
    entry.reason ? REASON_TEXT[entry.reason] : null,
    entry.alarm ? ALARM_TEXT[entry.alarm] : null,
    entry.batteryLevel !== null ? `Battery ${entry.batteryLevel}%` : null,
  ].filter((d): d is string => !!d);
  return {
    event: KIND_TEXT[entry.kind],
    how: entry.method ? METHOD_TEXT[entry.method] : NO_VALUE,
    who,
    detail: details.length > 0 ? details.join(' · ') : NO_VALUE,
  };
}

const keyOf = (e: LockHistoryEntry) => `${e.macId}/${e.id}`;

/**
 * Live entries (the locks channel's `history`) added to a shown history: those of its range not yet shown, the
 * whole newest first, at most LOCK_HISTORY_MAX_ENTRIES. Entries after the range's end (the range ended at the
 * dialog's opening) are taken too: the dialog shows up to now.
 */
export function appendLiveEntries(
  history: LockHistory,
  entries: readonly LockHistoryEntry[],
  start: number,
): LockHistory {
  const shown = new Set(history.entries.map(keyOf));
  const fresh = entries.filter((e) => e.TI >= start && !shown.has(keyOf(e)));
  if (fresh.length === 0) return history;
  const merged = [...fresh, ...history.entries].sort((a, b) => b.TI - a.TI);
  return {
    entries: merged.slice(0, LOCK_HISTORY_MAX_ENTRIES),
    truncated: history.truncated || merged.length > LOCK_HISTORY_MAX_ENTRIES,
  };
}
