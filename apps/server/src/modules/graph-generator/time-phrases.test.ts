import { describe, expect, it } from 'vitest';
import { findTimeSpan } from './time-phrases.ts';
import { normalize } from './vocabulary.ts';

// Wednesday 2026-11-25 14:30 UTC.
const NOW = Date.UTC(2026, 10, 25, 14, 30);
const span = (text: string, offset = 0) => {
  const found = findTimeSpan(normalize(text), NOW, offset);
  return found && [new Date(found.fromTime).toISOString(), new Date(found.toTime).toISOString(), found.label];
};

describe('time phrases in the caller’s offset', () => {
  it('starts "today" at the local midnight, east and west of UTC', () => {
    expect(span('co2 today', 60)).toEqual(['2026-11-24T23:00:00.000Z', '2026-11-25T14:30:00.000Z', 'today']);
    expect(span('co2 today', -300)).toEqual([
      '2026-11-25T05:00:00.000Z',
      '2026-11-25T14:30:00.000Z',
      'today',
    ]);
    // 14:30 UTC is already Thursday 01:30 in Auckland (UTC+11 in November).
    expect(span('co2 today', 660)).toEqual(['2026-11-25T13:00:00.000Z', '2026-11-25T14:30:00.000Z', 'today']);
  });

  it('reads "yesterday" and "since Monday" as whole local days', () => {
    expect(span('yesterday', 120)).toEqual([
      '2026-11-23T22:00:00.000Z',
      '2026-11-24T21:59:59.999Z',
      'yesterday',
    ]);
    expect(span('since monday', 120)).toEqual([
      '2026-11-22T22:00:00.000Z',
      '2026-11-25T14:30:00.000Z',
      'since 2026-11-23',
    ]);
  });

  it('takes the last Friday, not the coming one, and cuts a day at now', () => {
    expect(span('on friday')).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-20T23:59:59.999Z', '2026-11-20']);
    expect(span('on 25 november')).toEqual([
      '2026-11-25T00:00:00.000Z',
      '2026-11-25T14:30:00.000Z',
      '2026-11-25',
    ]);
  });

  it('reads rolling phrases, ranges and months', () => {
    expect(span('in the past 24h')?.slice(0, 2)).toEqual([
      '2026-11-24T14:30:00.000Z',
      '2026-11-25T14:30:00.000Z',
    ]);
    expect(span('last three days')?.slice(0, 2)).toEqual([
      '2026-11-22T14:30:00.000Z',
      '2026-11-25T14:30:00.000Z',
    ]);
    expect(span('between 2025-10-01 and 2025-10-05')?.slice(0, 2)).toEqual([
      '2025-10-01T00:00:00.000Z',
      '2025-10-05T23:59:59.999Z',
    ]);
    expect(span('in march')?.slice(0, 2)).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z']);
  });

  it('does not read a gateway number as a time', () => {
    expect(span('co2 of gateway 5')).toBeNull();
  });
});
