import type { HierarchyNode, Scope } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { filterEntries, switcherEntries, switchTargetPath, tenantToView } from './viewed-tenant.ts';

const base = { viewedTenantId: 'root', isRootUser: true, rootTenantId: 'root' };

describe('tenantToView', () => {
  it("views the URL's customer", () => {
    expect(tenantToView({ ...base, pathname: '/cli/dashboard', scopeId: 'acme' })).toBe('acme');
  });

  it('keeps the tenant when the URL names it already or names none', () => {
    expect(tenantToView({ ...base, pathname: '/cli/dashboard', scopeId: 'root' })).toBeNull();
    expect(tenantToView({ ...base, pathname: '/change-password', scopeId: null })).toBeNull();
  });

  it("goes back to the root tenant on the root user's customers list", () => {
    const viewingAcme = { ...base, viewedTenantId: 'acme' };
    expect(tenantToView({ ...viewingAcme, pathname: '/admin/tenants', scopeId: null })).toBe('root');
    expect(
      tenantToView({ ...viewingAcme, pathname: '/admin/tenants', scopeId: null, rootTenantId: undefined }),
    ).toBeNull();
    expect(
      tenantToView({ ...viewingAcme, isRootUser: false, pathname: '/admin/tenants', scopeId: null }),
    ).toBeNull();
  });
});

const scope = (id: string, name: string) => ({ id, name }) as Scope;
const tree: HierarchyNode = {
  scope: scope('root', 'Platform Admin'),
  children: [
    { scope: scope('z', 'Zeta Corp'), children: [] },
    { scope: scope('a', 'Acme'), children: [{ scope: scope('a1', 'Acme North'), children: [] }] },
  ],
};

describe('switcherEntries', () => {
  it('lists the tree parent first, siblings by name, with their depth', () => {
    expect(switcherEntries(tree)).toEqual([
      { id: 'root', name: 'Platform Admin', depth: 0 },
      { id: 'a', name: 'Acme', depth: 1 },
      { id: 'a1', name: 'Acme North', depth: 2 },
      { id: 'z', name: 'Zeta Corp', depth: 1 },
    ]);
    expect(switcherEntries(undefined)).toEqual([]);
  });

  it('filters ignoring case and spaces', () => {
    expect(filterEntries(switcherEntries(tree), 'acmen').map((entry) => entry.id)).toEqual(['a1']);
    expect(filterEntries(switcherEntries(tree), ' ')).toHaveLength(4);
  });
});

describe('switchTargetPath', () => {
  it('keeps the customer screen and drops its filters', () => {
    expect(switchTargetPath('/cli/gateways/grid_view', 'a b')).toBe('/cli/gateways/grid_view?scopeId=a%20b');
  });

  it("opens the customer's dashboard from other pages", () => {
    expect(switchTargetPath('/admin/tenants', 'a')).toBe('/cli/dashboard?scopeId=a');
  });
});
