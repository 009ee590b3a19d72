import { describe, expect, it } from 'vitest';
import { GATEWAY_LIST_NAME, GATEWAY_PAGE_SIZES, gatewayPageSize } from './gateway-list-paging.ts';
import { gatewayViewOf } from './gateway-view.ts';

describe('gateway list paging', () => {
  it('offers 5, 10, 15, 20 and 25 rows, remembered as locksRPP', () => {
    expect(GATEWAY_PAGE_SIZES).toEqual([5, 10, 15, 20, 25]);
    expect(GATEWAY_LIST_NAME).toBe('locksRPP');
  });

  it('uses a remembered option and falls back to 25', () => {
    expect(gatewayPageSize(5)).toBe(5);
    expect(gatewayPageSize(20)).toBe(20);
    expect(gatewayPageSize(undefined)).toBe(25);
    expect(gatewayPageSize(100)).toBe(25);
  });
});

describe('gatewayViewOf', () => {
  it('shows the list on list_view, the grid otherwise', () => {
    expect(gatewayViewOf('/cli/gateways/list_view')).toBe('list');
    expect(gatewayViewOf('/cli/gateways/grid_view')).toBe('grid');
    expect(gatewayViewOf('/cli/gateways')).toBe('grid');
  });
});
