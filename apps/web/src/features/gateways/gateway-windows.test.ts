import type { GatewayPage } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testGateway } from '../../api/test-gateway.ts';
import { gatewayWindowQueryOptions } from './api/get-gateways.ts';
import {
  dependsOnStatus,
  followingCursor,
  rowsByIndex,
  windowOffsets,
  windowsAfterRemoval,
} from './gateway-windows.ts';

const page = (offset: number, macs: string[], total = 100): GatewayPage => ({
  gateways: macs.map((mac) => testGateway(mac)),
  offset,
  total,
  scopeTotal: total,
  mixed: false,
});

describe('windowOffsets', () => {
  it('covers the range with aligned windows', () => {
    expect(windowOffsets({ first: 0, last: 29 }, 30)).toEqual([0]);
    expect(windowOffsets({ first: 0, last: 30 }, 30)).toEqual([0, 30]);
    expect(windowOffsets({ first: 45, last: 70 }, 30)).toEqual([30, 60]);
    expect(windowOffsets({ first: 99_990, last: 100_004 }, 30)).toEqual([99_990]);
  });

  it('gives nothing for an empty range and starts at 0 for a negative first', () => {
    expect(windowOffsets({ first: 5, last: 4 }, 30)).toEqual([]);
    expect(windowOffsets({ first: 0, last: -1 }, 30)).toEqual([]);
    expect(windowOffsets({ first: -3, last: 2 }, 25)).toEqual([0]);
  });

  it("pages the list view one request per page (the window is the page's size)", () => {
    expect(windowOffsets({ first: 50, last: 74 }, 25)).toEqual([50]);
  });
});

describe('rowsByIndex', () => {
  it('places each window at its offset and skips the ones on their way', () => {
    const rows = rowsByIndex([page(0, ['A1', 'A2']), undefined, page(60, ['B1'])]);
    expect([...rows.entries()].map(([i, g]) => [i, g.macId])).toEqual([
      [0, 'A1'],
      [1, 'A2'],
      [60, 'B1'],
    ]);
  });
});

describe('windowsAfterRemoval', () => {
  const key = (selection: string, offset: number) => ['gateways', 'list', 's', 'page', selection, offset, 30];

  it('refetches the windows from the one that held the gateway on, in that list only', () => {
    const entries = [
      [key('name', 0), page(0, ['A1', 'A2'])],
      [key('name', 30), page(30, ['B1', 'GONE'])],
      [key('name', 60), page(60, ['C1'])],
      [key('search', 0), page(0, ['GONE'])],
      [key('search', 30), page(30, ['X'])],
    ] as const;
    expect(windowsAfterRemoval(entries, ['GONE'])).toEqual([
      key('name', 30),
      key('name', 60),
      key('search', 0),
      key('search', 30),
    ]);
  });

  it('refetches every window of a list that held none of them (where they were is unknown)', () => {
    const entries = [
      [key('name', 0), page(0, ['A1'])],
      [key('name', 90), page(90, ['D1'])],
    ] as const;
    expect(windowsAfterRemoval(entries, ['ELSEWHERE'])).toEqual([key('name', 0), key('name', 90)]);
  });

  it('leaves whole lists and empty cache entries alone', () => {
    expect(windowsAfterRemoval([[['gateways', 'list', 's'], [testGateway('A1')]]], ['A1'])).toEqual([]);
    expect(windowsAfterRemoval([[key('name', 0), undefined]], ['A1'])).toEqual([]);
  });
});

describe('dependsOnStatus', () => {
  it('is true for a status filter, a search and the Status and Since orders only', () => {
    expect(dependsOnStatus({ sort: 'name', order: 'asc' })).toBe(false);
    expect(dependsOnStatus({ sort: 'firmware', order: 'desc', enrollment: 'registered' })).toBe(false);
    expect(dependsOnStatus({ sort: 'name', order: 'asc', status: 'offline' })).toBe(true);
    expect(dependsOnStatus({ sort: 'name', order: 'asc', search: 'onl' })).toBe(true);
    expect(dependsOnStatus({ sort: 'name', order: 'asc', search: '  ' })).toBe(false);
    expect(dependsOnStatus({ sort: 'status', order: 'asc' })).toBe(true);
    expect(dependsOnStatus({ sort: 'since', order: 'asc' })).toBe(true);
  });
});

describe('followingCursor (sequential scrolling asks by cursor, a jump by offset)', () => {
  const full = (offset: number, next?: string): GatewayPage => ({
    ...page(
      offset,
      Array.from({ length: 3 }, (_, i) => `M${offset + i}`),
    ),
    ...(next === undefined ? {} : { next }),
  });

  it("gives the previous window's cursor when the wanted window starts where it ends", () => {
    expect(followingCursor({ data: full(0, 'c0') }, 3, 3)).toBe('c0');
    expect(followingCursor({ data: full(30, 'c30') }, 33, 3)).toBe('c30');
  });

  it('gives none for a jump, a window that is not whole, a stale or missing one, or an order without cursors', () => {
    expect(followingCursor({ data: full(0, 'c0') }, 6, 3)).toBeUndefined();
    expect(followingCursor(undefined, 3, 3)).toBeUndefined();
    expect(followingCursor({ data: undefined }, 3, 3)).toBeUndefined();
    expect(followingCursor({ data: full(0, 'c0'), invalidated: true }, 3, 3)).toBeUndefined();
    expect(followingCursor({ data: full(0) }, 3, 3)).toBeUndefined();
    // A live update took a row out of the window: where it ends is no longer where the next one starts.
    expect(followingCursor({ data: { ...page(0, ['M0', 'M2']), next: 'c0' } }, 3, 3)).toBeUndefined();
    expect(followingCursor({ data: [] }, 3, 3)).toBeUndefined();
  });
});

describe('gatewayWindowQueryOptions (what a window asks the server)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the window after a cached one by its cursor, and a window after a jump by offset', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const query = new URL(url, 'http://portal').searchParams;
        const offset = query.get('after') ? 3 : Number(query.get('offset'));
        return Response.json({
          gateways: [1, 2, 3].map((i) => testGateway(`M${offset + i}`)),
          offset,
          next: `cursor-${offset + 3}`,
        });
      }),
    );
    const client = new QueryClient();
    const selection = { sort: 'name', order: 'asc' } as const;
    const fetchWindow = (offset: number) =>
      client.fetchQuery(gatewayWindowQueryOptions('scope', selection, offset, 3, false, client));
    await fetchWindow(0);
    await fetchWindow(3);
    await fetchWindow(30);
    const asked = urls.map((url) => new URL(url, 'http://portal').searchParams);
    expect(asked.map((query) => [query.get('offset'), query.get('after')])).toEqual([
      ['0', null],
      [null, 'cursor-3'],
      ['30', null],
    ]);
    expect(
      client.getQueryData<GatewayPage>(gatewayWindowQueryOptions('scope', selection, 3, 3).queryKey)?.offset,
    ).toBe(3);
  });
});
