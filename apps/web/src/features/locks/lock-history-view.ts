import {
  LOCK_HISTORY_INTERVALS,
  LOCK_HISTORY_MAX_ENTRIES,
  type LockHistory,
  type LockHistoryEntry,
} from '@portal/contract';
import { formatNumber, i18n } from '../../lib/i18n/index.ts';
import { NO_VALUE } from './lock-display.ts';

/** The history's default range: the last 24 hours. */
export const DEFAULT_HISTORY_INTERVAL = 1;

/** The range of an interval of the picker, ending now (rounded to the second so a re-render asks the same). */
export function historyRange(intervalIndex: number, now = Date.now()): { start: number; end: number } {
  const interval = LOCK_HISTORY_INTERVALS[intervalIndex] ?? LOCK_HISTORY_INTERVALS[DEFAULT_HISTORY_INTERVAL];
  const end = Math.ceil(now / 1000) * 1000;
  return { start: end - interval.ms, end };
}

/** One row of the Lock History table: what happened, how, who, and the details. */
export function describeEntry(entry: LockHistoryEntry): {
  event: string;
  how: string;
  who: string;
  detail: string;
} {
  const who =
    entry.userName ??
    (entry.cardCSN ? i18n.t('locks:history.card', { csn: entry.cardCSN }) : null) ??
    (entry.userId ? i18n.t('locks:history.user', { id: entry.userId }) : null) ??
    (entry.passcodeSlot !== null
      ? i18n.t('locks:history.passcodeSlot', { slot: entry.passcodeSlot })
      : NO_VALUE);
  const details = [
    entry.message,
    entry.reason ? i18n.t(`locks:history.reason.${entry.reason}`) : null,
    entry.alarm ? i18n.t(`locks:history.alarm.${entry.alarm}`) : null,
    entry.batteryLevel !== null
      ? i18n.t('locks:history.batteryLevel', { level: formatNumber(entry.batteryLevel) })
      : null,
  ].filter((d): d is string => !!d);
  return {
    event: i18n.t(`locks:history.kind.${entry.kind}`),
    how: entry.method ? i18n.t(`locks:history.method.${entry.method}`) : NO_VALUE,
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
