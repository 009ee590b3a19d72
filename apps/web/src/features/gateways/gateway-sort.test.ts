import { describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_SORT, nextSort, sortGateways } from './gateway-sort.ts';
import { testGateway } from './test-gateway.ts';

const a = testGateway('AA0000000001', {
  name: 'Gateway 10',
  scopeId: 'acme',
  deviceStatus: 'online',
  LONTI: 3000,
  firmware: 'v2024-05-12',
  latest: { TI: 500, CO2: 900, TEMP: 21.5 } as never,
});
const b = testGateway('AA0000000002', {
  name: 'gateway 2',
  scopeId: 'demo',
  deviceStatus: 'offline',
  LOFFTI: 1000,
  firmware: null,
  latest: { TI: 900, CO2: 400 } as never,
});
const c = testGateway('AA0000000003', {
  name: 'Boiler room',
  scopeId: 'acme',
  deviceStatus: 'offline',
  LOFFTI: 2000,
  firmware: 'v2023-01-01',
  latest: null,
});
const names = (list: { name: string }[]) => list.map((g) => g.name);
const customers: Record<string, string> = { acme: 'Acme', demo: 'Demo Customer' };

describe('sortGateways', () => {
  it('sorts by name ignoring case, numbers in order', () => {
    expect(names(sortGateways([a, b, c], DEFAULT_GATEWAY_SORT))).toEqual([
      'Boiler room',
      'gateway 2',
      'Gateway 10',
    ]);
    expect(names(sortGateways([a, b, c], { key: 'name', order: 'desc' }))).toEqual([
      'Gateway 10',
      'gateway 2',
      'Boiler room',
    ]);
  });

  it('keeps gateways without a value last both ways', () => {
    expect(names(sortGateways([a, b, c], { key: 'co2', order: 'asc' }))).toEqual([
      'gateway 2',
      'Gateway 10',
      'Boiler room',
    ]);
    expect(names(sortGateways([a, b, c], { key: 'co2', order: 'desc' }))).toEqual([
      'Gateway 10',
      'gateway 2',
      'Boiler room',
    ]);
    expect(names(sortGateways([a, b, c], { key: 'firmware', order: 'desc' })).at(-1)).toBe('gateway 2');
  });

  it('sorts by customer name, ties by gateway name', () => {
    const byCustomer = sortGateways(
      [b, a, c],
      { key: 'customer', order: 'asc' },
      (id) => customers[id] ?? '',
    );
    expect(names(byCustomer)).toEqual(['Boiler room', 'Gateway 10', 'gateway 2']);
    const desc = sortGateways([b, a, c], { key: 'customer', order: 'desc' }, (id) => customers[id] ?? '');
    expect(names(desc)).toEqual(['gateway 2', 'Boiler room', 'Gateway 10']);
  });

  it('sorts by the time the gateway entered its state, status, and last update', () => {
    expect(names(sortGateways([a, b, c], { key: 'since', order: 'asc' }))).toEqual([
      'gateway 2',
      'Boiler room',
      'Gateway 10',
    ]);
    expect(names(sortGateways([a, b, c], { key: 'status', order: 'desc' }))[0]).toBe('Gateway 10');
    expect(names(sortGateways([a, b, c], { key: 'lastUpdate', order: 'desc' }))).toEqual([
      'gateway 2',
      'Gateway 10',
      'Boiler room',
    ]);
  });

  it('does not change the list it is given', () => {
    const list = [a, b, c];
    sortGateways(list, { key: 'name', order: 'desc' });
    expect(list).toEqual([a, b, c]);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts another ascending', () => {
    expect(nextSort({ key: 'name', order: 'asc' }, 'name')).toEqual({ key: 'name', order: 'desc' });
    expect(nextSort({ key: 'name', order: 'desc' }, 'name')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort({ key: 'name', order: 'desc' }, 'co2')).toEqual({ key: 'co2', order: 'asc' });
  });
});
