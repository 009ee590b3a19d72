import type { HierarchyNode, Scope } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { testGateway } from '../../api/test-gateway.ts';
import { customerNamesOf, neverConnected } from './gateway-customers.ts';

const node = (id: string, name: string, children: HierarchyNode[] = []): HierarchyNode => ({
  scope: { id, name } as Scope,
  children,
});

describe('customerNamesOf', () => {
  it('names every customer of the tree', () => {
    const tree = node('root', 'Platform Admin', [node('acme', 'Acme', [node('acme-north', 'Acme North')])]);
    expect([...customerNamesOf(tree)]).toEqual([
      ['root', 'Platform Admin'],
      ['acme', 'Acme'],
      ['acme-north', 'Acme North'],
    ]);
    expect(customerNamesOf(undefined).size).toBe(0);
  });
});

describe('neverConnected', () => {
  it('holds for an offline gateway without online or offline time and without samples', () => {
    expect(
      neverConnected(testGateway('AA0000000001', { deviceStatus: 'offline', LONTI: null, LOFFTI: null })),
    ).toBe(true);
    expect(neverConnected(testGateway('AA0000000001', { deviceStatus: 'offline', LOFFTI: 1 }))).toBe(false);
    expect(neverConnected(testGateway('AA0000000001', { deviceStatus: 'online', LONTI: null }))).toBe(false);
  });
});
