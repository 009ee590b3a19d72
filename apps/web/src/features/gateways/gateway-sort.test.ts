import { describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_SORT, nextSort } from './gateway-sort.ts';

// The order itself is the server's (gateway-page.int.test.ts); sortGateways, the browser's sort over the whole
// list, went with issue 14.9.
describe('nextSort', () => {
  it('starts by name, ascending', () => {
    expect(DEFAULT_GATEWAY_SORT).toEqual({ key: 'name', order: 'asc' });
  });

  it('flips the same column and starts another ascending', () => {
    expect(nextSort({ key: 'name', order: 'asc' }, 'name')).toEqual({ key: 'name', order: 'desc' });
    expect(nextSort({ key: 'name', order: 'desc' }, 'name')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort({ key: 'name', order: 'desc' }, 'co2')).toEqual({ key: 'co2', order: 'asc' });
  });
});
