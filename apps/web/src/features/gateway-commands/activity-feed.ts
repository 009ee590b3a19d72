import { ACTIVITY_FEED_INTERVALS, type ActivityFeedInterval, type ActivityLogEntry } from '@portal/contract';
import { formatDay } from '../../lib/date-time.ts';
import { i18n } from '../../lib/i18n/index.ts';

/** The picker's choices: 1 hour to 3 months (12 hours is understood but not offered). */
export const PICKER_INTERVALS = ACTIVITY_FEED_INTERVALS.filter((interval) => interval.inPicker).map(
  (interval) => interval.label,
);

/** The time range of an interval ending now, in whole ms. */
export function feedRange(label: ActivityFeedInterval, now: number): { fromTime: number; toTime: number } {
  const interval =
    ACTIVITY_FEED_INTERVALS.find((entry) => entry.label === label) ?? ACTIVITY_FEED_INTERVALS[0];
  return { fromTime: Math.round(now - interval.ms), toTime: Math.round(now) };
}

/**
 * What an entry says beyond its message, e.g. who started a scan or how many locks it heard (the
 * 'gateway-commands' namespace, loaded by the feed).
 */
export function entryDetails(entry: ActivityLogEntry): string[] {
  const t = i18n.getFixedT(null, 'gateway-commands');
  const details: string[] = [];
  if (entry.scanMadeBy) details.push(t('feed.by', { name: entry.scanMadeBy }));
  if (entry.scannedLocks !== undefined) details.push(t('feed.scannedLocks', { locks: entry.scannedLocks }));
  if (entry.whiteListedLocks !== undefined)
    details.push(t('feed.whitelistedLocks', { locks: entry.whiteListedLocks }));
  if (entry.locksProbe !== undefined) details.push(t('feed.locksProbed', { locks: entry.locksProbe }));
  if (entry.historyFetch !== undefined) details.push(t('feed.historyFetched', { locks: entry.historyFetch }));
  if (entry.gatewayConnectionStatus)
    details.push(t('feed.gateway', { status: entry.gatewayConnectionStatus }));
  if (entry.deviceScopeChange)
    details.push(t('feed.moved', { from: entry.deviceScopeChange.from, to: entry.deviceScopeChange.to }));
  if (entry.status) details.push(entry.status);
  if (entry.errorText) details.push(entry.errorText);
  // 'Gateway Offline' is often the message itself.
  return details.filter((detail) => detail !== entry.message);
}

/** The search box: a case-insensitive match on the message or any detail. */
export function searchEntries(entries: readonly ActivityLogEntry[], text: string): ActivityLogEntry[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...entries];
  return entries.filter((entry) =>
    [entry.message, ...entryDetails(entry)].some((part) => part.toLowerCase().includes(needle)),
  );
}

export function countByType(entries: readonly ActivityLogEntry[]): { alerts: number; events: number } {
  const alerts = entries.filter((entry) => entry.type === 'alert').length;
  return { alerts, events: entries.length - alerts };
}

export interface DayGroup {
  day: string;
  entries: ActivityLogEntry[];
}

/** Entries grouped by local day, newest day and newest entry first. */
export function groupByDay(entries: readonly ActivityLogEntry[]): DayGroup[] {
  const sorted = [...entries].sort((a, b) => b.date - a.date);
  const groups: DayGroup[] = [];
  for (const entry of sorted) {
    const day = formatDay(entry.date);
    const last = groups.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

/** Live messages that add to the feed: the gateway's events, connection changes and moves (not state reports). */
const FEED_MESSAGE_TYPES = new Set(['events', 'status', 'deviceMoved']);
export function refreshesFeed(messageType: string): boolean {
  return FEED_MESSAGE_TYPES.has(messageType);
}
