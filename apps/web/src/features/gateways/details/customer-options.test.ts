import type { HierarchyNode, Scope } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { customerOptions } from './customer-options.ts';

const scope = (id: string, name: string, extra: Partial<Scope> = {}): Scope => ({
  id,
  name,
  customerId: id,
  kind: 'customer',
  emailDomain: null,
  parent: null,
  ancestors: [],
  primaryThemeColor: '#000000',
  secondaryThemeColor: '#ffffff',
  logoUrl: null,
  favIconUrl: null,
  status: 'Active',
  firmwareVersion: null,
  osVersion: null,
  osPatch: null,
  onlineDevicesCount: 0,
  totalDevicesCount: 0,
  dashboardVariant: 'fleet',
  ...extra,
});
const node = (s: Scope, children: HierarchyNode[] = []): HierarchyNode => ({ scope: s, children });

const tree = node(scope('root', 'Platform Admin', { kind: 'root' }), [
  node(scope('free', 'General Users', { kind: 'free_tier' })),
  node(scope('b', 'Beta')),
  node(scope('a', 'Alpha'), [node(scope('a1', 'Alpha Sub'))]),
  node(scope('gone', 'Going', { status: 'DELETE_PENDING' })),
]);

describe('customerOptions', () => {
  it('lists the whole tree by name, without the free-tier customer or one being deleted', () => {
    expect(customerOptions(tree).map((option) => option.name)).toEqual([
      'Alpha',
      'Alpha Sub',
      'Beta',
      'Platform Admin',
    ]);
  });

  it("keeps the gateway's own customer even when it could not be a target", () => {
    expect(customerOptions(tree, 'free').map((option) => option.scopeId)).toContain('free');
  });

  it('is empty while the tree is not loaded', () => {
    expect(customerOptions(undefined)).toEqual([]);
  });
});
