import { GLOBAL_SEARCH_DEBOUNCE_MS, globalSearchQuery } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { lastPage, nextSort } from '../../lib/list-paging.ts';
import english from './locales/en.json';
import {
  COLUMNS,
  cellText,
  GATEWAY_NAME_PARAM,
  gatewayPathFor,
  globalSearchPath,
  isAwaitingSettle,
  matchesGatewayName,
  pageSizeFrom,
  requestTerm,
  SEARCH_DEBOUNCE_MS,
  searchGate,
  TOO_SHORT_MIN,
} from './search-rules.ts';

describe('search gating', () => {
  it('sends no request for 0 to 2 characters', () => {
    for (const text of ['', 'a', 'ab']) expect(requestTerm(text, text)).toBeNull();
  });

  it('searches from 3 characters on', () => {
    expect(requestTerm('abc', 'abc')).toBe('abc');
    expect(requestTerm('gateway 1', 'gateway 1')).toBe('gateway 1');
  });

  it('does not count surrounding spaces', () => {
    expect(requestTerm('  ab  ', '  ab  ')).toBeNull();
    expect(requestTerm('   ', '   ')).toBeNull();
    expect(requestTerm('  abc ', '  abc ')).toBe('abc');
    expect(searchGate(' a b ')).toEqual({ state: 'ready', term: 'a b' });
  });

  it('hints under the field only while 1 or 2 characters are typed', () => {
    expect(searchGate('')).toEqual({ state: 'empty' });
    expect(searchGate('  ')).toEqual({ state: 'empty' });
    expect(searchGate('a')).toEqual({ state: 'tooShort' });
    expect(searchGate(' ab ')).toEqual({ state: 'tooShort' });
    expect(searchGate('abc').state).toBe('ready');
    expect(english.tooShort.replace('{{min}}', String(TOO_SHORT_MIN))).toBe(
      'Enter at least 3 characters to search.',
    );
  });

  it('searches the settled text only, and nothing while the field holds too little', () => {
    expect(requestTerm('abcd', 'ab')).toBeNull();
    expect(requestTerm('abcd', 'abc')).toBe('abc');
    expect(requestTerm('ab', 'abc')).toBeNull();
    expect(requestTerm('', 'abc')).toBeNull();
  });

  it('knows when a search waits for the typing to settle', () => {
    expect(isAwaitingSettle('abc', 'ab')).toBe(true);
    expect(isAwaitingSettle('abcd', 'abc')).toBe(true);
    expect(isAwaitingSettle('abc', 'abc')).toBe(false);
    expect(isAwaitingSettle(' abc ', 'abc')).toBe(false);
    expect(isAwaitingSettle('ab', 'a')).toBe(false);
  });

  it('every term it sends is one the server accepts', () => {
    const term = requestTerm('  MAC 0011  ', '  MAC 0011  ')!;
    expect(globalSearchQuery.safeParse({ search: term }).success).toBe(true);
    const long = 'x'.repeat(150);
    expect(globalSearchQuery.safeParse({ search: requestTerm(long, long) }).success).toBe(true);
  });
});

describe('debounce', () => {
  it('waits the contract 2.5 s', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(GLOBAL_SEARCH_DEBOUNCE_MS);
    expect(SEARCH_DEBOUNCE_MS).toBe(2500);
  });
});

describe('table', () => {
  it('has the columns of the spec, each sortable on the server', () => {
    expect(COLUMNS.map((column) => english.columns[column])).toEqual([
      'Customer Name',
      'Name',
      'Os Version',
      'FW Version',
      'Status',
    ]);
    for (const column of COLUMNS) {
      expect(globalSearchQuery.safeParse({ search: 'abc', sortBy: column }).success).toBe(true);
    }
  });

  it('flips the order of the same column and starts another ascending', () => {
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'desc',
    });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'status')).toEqual({
      sortBy: 'status',
      sortOrder: 'asc',
    });
  });

  it('pages with 10, 25, 50 or 100 rows', () => {
    expect([10, 25, 50, 100].map(pageSizeFrom)).toEqual([10, 25, 50, 100]);
    expect(pageSizeFrom(5)).toBe(10);
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
  });

  it('asks the server for one page', () => {
    expect(
      globalSearchPath({ search: 'gate 1', page: 2, pageSize: 25, sortBy: 'fwVersion', sortOrder: 'desc' }),
    ).toBe('/api/global-search?search=gate+1&page=2&pageSize=25&sortBy=fwVersion&sortOrder=desc');
  });

  it("shows '-' for a missing value", () => {
    expect(cellText(null)).toBe('-');
    expect(cellText(' ')).toBe('-');
    expect(cellText('1.2.3')).toBe('1.2.3');
  });
});

describe('opening a gateway', () => {
  it('opens /cli/gateways with the scope and the gateway name', () => {
    expect(gatewayPathFor({ scopeId: 's1', name: 'Lobby & Hall' })).toBe(
      '/cli/gateways?scopeId=s1&name=Lobby+%26+Hall',
    );
    const query = new URLSearchParams(gatewayPathFor({ scopeId: 's 1', name: 'Lobby & Hall' }).split('?')[1]);
    expect(query.get('scopeId')).toBe('s 1');
    expect(query.get(GATEWAY_NAME_PARAM)).toBe('Lobby & Hall');
  });

  it('filters the gateways page by the name, ignoring case and surrounding spaces', () => {
    expect(matchesGatewayName('Lobby', 'lobby')).toBe(true);
    expect(matchesGatewayName(' Lobby ', 'LOBBY ')).toBe(true);
    expect(matchesGatewayName('Lobby 2', 'Lobby')).toBe(false);
    expect(matchesGatewayName('Hall', 'Lobby')).toBe(false);
  });

  it('keeps every gateway without a filter', () => {
    for (const filter of [null, undefined, '', '  ']) expect(matchesGatewayName('Lobby', filter)).toBe(true);
  });
});
