import type { TFunction } from 'i18next';
import { formatDay } from '../../lib/date-time.ts';
import { formatDate } from '../../lib/i18n/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { type GraphInterval, intervalLabel, type TimeRange } from './intervals.ts';

const twoDigits = (value: number) => value.toString().padStart(2, '0');

/** 'Nov 25th, 2026 9:05 am' in the browser's (the user's) time zone; another language through Intl. */
export function formatRangeEnd(ms: number): string {
  if (currentLanguage() !== 'en') return formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });
  const at = new Date(ms);
  const hours = at.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatDay(ms)} ${hour12}:${twoDigits(at.getMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The user's time zone as a short name ('UTC', 'GMT+1', 'EST'), as the browser names it. */
export function timeZoneName(ms: number): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/**
 * What the charts show, always on screen: 'Custom Range: from Nov 1st, 2026 12:00 am to Nov 3rd, 2026
 * 11:59 pm (UTC)', or for a preset, which follows live data, '1 hour: from Nov 25th, 2026 9:05 am to now (UTC)'.
 */
export function rangeCaption(interval: GraphInterval, range: TimeRange, t: TFunction<'telemetry'>): string {
  const zone = timeZoneName(range.toTime);
  const to = interval.key === 'custom' ? formatRangeEnd(range.toTime) : t('caption.now');
  const caption = t('caption.range', {
    interval: intervalLabel(interval, t),
    from: formatRangeEnd(range.fromTime),
    to,
  });
  return zone ? t('caption.zone', { range: caption, zone }) : caption;
}
