import type { ActivityLogEntry } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import {
  countByType,
  entryDetails,
  feedRange,
  groupByDay,
  PICKER_INTERVALS,
  refreshesFeed,
  searchEntries,
} from './activity-feed.ts';

beforeAll(() => initI18n('en', ['gateway-commands']));

const at = (day: number, hour: number) => new Date(2025, 0, day, hour).getTime();
const entry = (date: number, message: string, extra: Partial<ActivityLogEntry> = {}): ActivityLogEntry => ({
  date,
  message,
  type: 'event',
  ...extra,
});

describe('interval picker', () => {
  it('offers 1 hour to 3 months', () => {
    expect(PICKER_INTERVALS).toEqual([
      '1 hour',
      '6 hours',
      '24 hours',
      '1 week',
      '2 weeks',
      '1 month',
      '3 months',
    ]);
  });

  it('ends the range now; months are about 30.4 and 91.25 days', () => {
    const now = 1_750_000_000_000;
    expect(feedRange('1 hour', now)).toEqual({ fromTime: now - 3_600_000, toTime: now });
    expect(feedRange('12 hours', now).fromTime).toBe(now - 12 * 3_600_000);
    expect(feedRange('1 month', now).fromTime).toBe(now - Math.round(30.4 * 86_400_000));
    expect(feedRange('3 months', now).fromTime).toBe(now - Math.round(91.25 * 86_400_000));
  });
});

describe('feed entries', () => {
  const entries = [
    entry(at(5, 9), 'Scan started', { scanMadeBy: 'Ops@Example.com' }),
    entry(at(5, 11), 'CO2 high', { type: 'alert' }),
    entry(at(4, 23), 'Gateway connection', { gatewayConnectionStatus: 'Offline' }),
  ];

  it('counts alerts and events', () => {
    expect(countByType(entries)).toEqual({ alerts: 1, events: 2 });
  });

  it('searches message and details ignoring case', () => {
    expect(searchEntries(entries, 'ops@example').map((e) => e.message)).toEqual(['Scan started']);
    expect(searchEntries(entries, 'OFFLINE').map((e) => e.message)).toEqual(['Gateway connection']);
    expect(searchEntries(entries, '  ')).toHaveLength(3);
  });

  it('groups by day, newest first', () => {
    expect(groupByDay(entries).map((group) => [group.day, group.entries.map((e) => e.message)])).toEqual([
      ['Jan 5th, 2025', ['CO2 high', 'Scan started']],
      ['Jan 4th, 2025', ['Gateway connection']],
    ]);
  });

  it('describes who and how many', () => {
    expect(entryDetails(entry(0, 'x', { scanMadeBy: 'a@b.c', scannedLocks: 3 }))).toEqual([
      'By a@b.c',
      'Scanned locks: 3',
    ]);
  });

  it('does not repeat the message as a detail', () => {
    expect(entryDetails(entry(0, 'Gateway Offline', { gatewayConnectionStatus: 'Offline' }))).toEqual([]);
  });

  it('is refreshed by events and connection changes, not state reports', () => {
    expect(refreshesFeed('events')).toBe(true);
    expect(refreshesFeed('status')).toBe(true);
    expect(refreshesFeed('deviceMoved')).toBe(true);
    expect(refreshesFeed('state')).toBe(false);
    expect(refreshesFeed('HSIPRCModified')).toBe(false);
  });
});
