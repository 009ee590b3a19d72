import { describe, expect, it } from 'vitest';
import { lastPage, nextSort } from '../../lib/list-paging.ts';
import { canAddCustomer, customerRowAccess, customersSearchParams, pageSizeFrom } from './customers-list.ts';
import { scopeFixture } from './test-scopes.ts';

describe('list settings', () => {
  it('flips the order of the same column and starts another ascending', () => {
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'desc',
    });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'osPatch')).toEqual({
      sortBy: 'osPatch',
      sortOrder: 'asc',
    });
  });

  it('offers 10, 25, 50 and 100 rows, 10 by default', () => {
    expect(pageSizeFrom(25)).toBe(25);
    expect(pageSizeFrom(100)).toBe(100);
    expect(pageSizeFrom(7)).toBe(10);
  });

  it('knows the last page with rows', () => {
    expect(lastPage(0, 10)).toBe(0);
    expect(lastPage(10, 10)).toBe(0);
    expect(lastPage(11, 10)).toBe(1);
  });

  it('asks the CSV for the filter and order only', () => {
    const params = { search: 'ac', page: 2, pageSize: 25, sortBy: 'osPatch', sortOrder: 'desc' } as const;
    expect(customersSearchParams(params).toString()).toBe(
      'search=ac&sortBy=osPatch&sortOrder=desc&page=2&pageSize=25',
    );
    expect(customersSearchParams(params, false).toString()).toBe('search=ac&sortBy=osPatch&sortOrder=desc');
  });
});

describe('customerRowAccess', () => {
  const admin = { permissions: ['SCOPE_WRITE', 'SCOPE_DELETE'], rootTenantId: 'root-1' };

  it('opens, edits and deletes an active customer', () => {
    expect(customerRowAccess(admin, scopeFixture())).toEqual({
      open: true,
      pending: false,
      edit: { visible: true, enabled: true },
      delete: { visible: true, enabled: true },
    });
  });

  it('neither opens nor edits a customer being deleted, and disables its delete', () => {
    expect(customerRowAccess(admin, scopeFixture({ status: 'DELETE_PENDING' }))).toEqual({
      open: false,
      pending: true,
      edit: { visible: true, enabled: false },
      delete: { visible: true, enabled: false },
    });
  });

  it('offers no delete for the root customer', () => {
    expect(customerRowAccess(admin, scopeFixture({ id: 'root-1' })).delete.visible).toBe(false);
    expect(customerRowAccess(admin, scopeFixture({ kind: 'root' })).delete.visible).toBe(false);
  });

  it('offers no delete for the free-tier scope or the support tenant, which the server never deletes', () => {
    expect(customerRowAccess(admin, scopeFixture({ kind: 'free_tier' })).delete.visible).toBe(false);
    expect(customerRowAccess(admin, scopeFixture({ kind: 'support' })).delete.visible).toBe(false);
    expect(customerRowAccess(admin, scopeFixture({ kind: 'enterprise' })).delete.visible).toBe(true);
  });

  it('follows the permissions', () => {
    const reader = { permissions: ['SCOPE_READ'], rootTenantId: 'root-1' };
    const access = customerRowAccess(reader, scopeFixture());
    expect(access.edit.visible).toBe(false);
    expect(access.delete.visible).toBe(false);
    expect(customerRowAccess({ ...reader, permissions: ['SCOPE_UPDATE'] }, scopeFixture()).edit.visible).toBe(
      true,
    );
    expect(canAddCustomer(admin)).toBe(true);
    expect(canAddCustomer(reader)).toBe(false);
  });
});
