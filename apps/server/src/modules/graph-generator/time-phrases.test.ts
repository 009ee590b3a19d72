import { GRAPH_TEXTS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_DATE, findTime, TWO_TIMES } from './time-phrases.ts';
import { normalize } from './vocabulary.ts';

// Wednesday 2026-11-25 14:30 UTC.
const NOW = Date.UTC(2026, 10, 25, 14, 30);
const span = (text: string, offset = 0) => {
  const found = findTime(normalize(text), NOW, offset);
  if (found?.kind === 'problem') return found.problem.question;
  return (
    found && [
      new Date(found.span.fromTime).toISOString(),
      new Date(found.span.toTime).toISOString(),
      found.span.label,
    ]
  );
};
const range = (text: string, offset = 0) => {
  const found = span(text, offset);
  return Array.isArray(found) ? found.slice(0, 2) : found;
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

describe('time phrases operators type (issue 32)', () => {
  it('counts months as calendar months: "last 3 months" starts on the 25th', () => {
    expect(range('last 3 months')).toEqual(['2026-08-25T14:30:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(range('last month')).toEqual(['2026-10-25T14:30:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(range('last fortnight')).toEqual(['2026-11-11T14:30:00.000Z', '2026-11-25T14:30:00.000Z']);
  });

  it('reads European and US dates, and asks about one that reads both ways', () => {
    expect(range('25.11.2026')).toEqual(['2026-11-25T00:00:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(range('since 23.11.')).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(range('on 20/11/2026')).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-20T23:59:59.999Z']);
    expect(range('on 11/20/2026')).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-20T23:59:59.999Z']);
    expect(span('on 03/11/2026')).toBe(AMBIGUOUS_DATE('03/11/2026'));
    // Another date of the sentence tells the order.
    expect(range('between 11/10/2026 and 11/20/2026')).toEqual([
      '2026-11-10T00:00:00.000Z',
      '2026-11-20T23:59:59.999Z',
    ]);
  });

  it('reads "at the moment", times of day, parts of days and "until now"', () => {
    expect(range('at the moment')).toEqual(['2026-11-25T13:30:00.000Z', '2026-11-25T14:30:00.000Z']);
    expect(range('between 08:00 and 09:30 today')).toEqual([
      '2026-11-25T08:00:00.000Z',
      '2026-11-25T09:30:00.000Z',
    ]);
    expect(range('from last friday until now')).toEqual([
      '2026-11-20T00:00:00.000Z',
      '2026-11-25T14:30:00.000Z',
    ]);
    expect(range('yesterday afternoon')).toEqual(['2026-11-24T12:00:00.000Z', '2026-11-24T17:59:59.999Z']);
    expect(range('yesterday afternoon', 60)).toEqual([
      '2026-11-24T11:00:00.000Z',
      '2026-11-24T16:59:59.999Z',
    ]);
  });

  it('asks instead of changing a range: reversed, in the future, two times', () => {
    expect(span('from 2026-11-20 to 2026-11-10')).toBe(GRAPH_TEXTS.fromAfterTo);
    expect(span('tomorrow')).toBe(GRAPH_TEXTS.toAfterToday);
    expect(span('from 2026-11-20 to 2026-11-30')).toBe(GRAPH_TEXTS.toAfterToday);
    expect(span('on 30 november')).toBe(GRAPH_TEXTS.toAfterToday);
    expect(span('today and yesterday')).toBe(TWO_TIMES);
  });

  it('reads "last year" as the twelve months it is (the parser refuses them as longer than 3 months)', () => {
    expect(range('last year')).toEqual(['2025-11-25T14:30:00.000Z', '2026-11-25T14:30:00.000Z']);
  });
});
