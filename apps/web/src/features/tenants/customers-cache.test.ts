import type { CustomersPage, Scope } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  applyScopesMessage,
  applyScopesMessageToScope,
  type CachedPageUpdate,
  deletionFinished,
  deletionNotices,
  deletionOf,
} from './customers-cache.ts';
import type { CustomerListParams } from './customers-list.ts';
import { scopeFixture } from './test-scopes.ts';

const customer = (name: string, overrides: Partial<Scope> = {}) =>
  scopeFixture({ id: name.toLowerCase(), name, customerId: name.toUpperCase(), ...overrides });
const params = (overrides: Partial<CustomerListParams> = {}): CustomerListParams => ({
  search: '',
  page: 0,
  pageSize: 3,
  sortBy: 'name',
  sortOrder: 'asc',
  ...overrides,
});
const listPage = (names: string[], total = names.length): CustomersPage => ({
  customers: names.map((name) => customer(name)),
  total,
});
const names = (update: CachedPageUpdate) => update.page.customers.map((scope) => scope.name);
const created = (name: string, overrides: Partial<Scope> = {}) => ({
  type: 'scopeCreated',
  scope: customer(name, overrides),
});
const updated = (name: string, overrides: Partial<Scope> = {}) => ({
  type: 'scopeUpdated',
  scope: customer(name, overrides),
});
const deletion = (id: string, state: 'running' | 'done' | 'failed', message?: string) => ({
  type: 'deletion',
  id,
  state,
  step: 'moveGateways',
  ...(message ? { message } : {}),
});

describe('scopeCreated', () => {
  it('goes where the name order puts it and counts one more', () => {
    const next = applyScopesMessage(listPage(['Acme', 'Cyd']), params(), created('Bolt'));
    expect(names(next)).toEqual(['Acme', 'Bolt', 'Cyd']);
    expect(next).toMatchObject({ refetch: false, page: { total: 3 } });
  });

  it('follows a descending order and ignores letter case', () => {
    const next = applyScopesMessage(
      listPage(['cyd', 'Acme']),
      params({ sortOrder: 'desc' }),
      created('bolt'),
    );
    expect(names(next)).toEqual(['cyd', 'bolt', 'Acme']);
  });

  it('pushes the last row of a full page off, or only counts when it belongs to a later page', () => {
    expect(names(applyScopesMessage(listPage(['Acme', 'Cyd', 'Dan'], 5), params(), created('Bolt')))).toEqual(
      ['Acme', 'Bolt', 'Cyd'],
    );
    const later = applyScopesMessage(listPage(['Acme', 'Bolt', 'Cyd'], 5), params(), created('Zed'));
    expect(names(later)).toEqual(['Acme', 'Bolt', 'Cyd']);
    expect(later).toMatchObject({ refetch: false, page: { total: 6 } });
  });

  it('asks the server when the place is unclear: before a later page, searched, or sorted by another column', () => {
    expect(applyScopesMessage(listPage(['Cyd'], 4), params({ page: 1 }), created('Acme')).refetch).toBe(true);
    expect(applyScopesMessage(listPage(['Acme']), params({ search: 'a' }), created('Ada')).refetch).toBe(
      true,
    );
    expect(
      applyScopesMessage(listPage(['Acme']), params({ sortBy: 'osPatch' }), created('Ada')).refetch,
    ).toBe(true);
  });

  it('changes nothing more when repeated', () => {
    const once = applyScopesMessage(listPage(['Acme']), params(), created('Bolt'));
    const twice = applyScopesMessage(once.page, params(), created('Bolt'));
    expect(names(twice)).toEqual(['Acme', 'Bolt']);
    expect(twice.page.total).toBe(2);
  });
});

describe('scopeUpdated', () => {
  it('replaces the customer in place', () => {
    const page = listPage(['Acme', 'Bolt']);
    const next = applyScopesMessage(page, params(), updated('Bolt', { primaryThemeColor: '#000000' }));
    expect(next.refetch).toBe(false);
    expect(next.page.customers[1]?.primaryThemeColor).toBe('#000000');
    expect(next.page.customers[0]).toBe(page.customers[0]);
  });

  it('keeps the row’s count of gateways differing from assigned, which live messages do not carry', () => {
    const page: CustomersPage = { customers: [customer('Acme', { versionMismatchCount: 2 })], total: 1 };
    const next = applyScopesMessage(page, params(), updated('Acme', { primaryThemeColor: '#000000' }));
    expect(next.page.customers[0]).toMatchObject({ primaryThemeColor: '#000000', versionMismatchCount: 2 });
    const counted = applyScopesMessage(page, params(), updated('Acme', { versionMismatchCount: 0 }));
    expect(counted.page.customers[0]?.versionMismatchCount).toBe(0);
  });

  it('asks the server when the change may move the row or take it out of the search', () => {
    const byCustomerId = applyScopesMessage(
      listPage(['Acme', 'Bolt']),
      params({ sortBy: 'customerId' }),
      updated('Bolt', { customerId: 'A0' }),
    );
    expect(byCustomerId).toMatchObject({ refetch: true });
    expect(byCustomerId.page.customers[1]?.customerId).toBe('A0');
    const searched = applyScopesMessage(
      listPage(['Acme', 'Bolt']),
      params({ search: 'bolt' }),
      updated('Bolt', { osPatch: 'p2' }),
    );
    expect(searched.refetch).toBe(true);
    const colourOnly = applyScopesMessage(
      listPage(['Acme', 'Bolt']),
      params({ search: 'bolt' }),
      updated('Bolt', { primaryThemeColor: '#000000' }),
    );
    expect(colourOnly.refetch).toBe(false);
  });

  it('leaves the page alone for a customer elsewhere in the name order, but asks when another order may bring it in', () => {
    const page = listPage(['Acme', 'Bolt'], 8);
    expect(applyScopesMessage(page, params(), updated('Zed'))).toEqual({ page, refetch: false });
    expect(applyScopesMessage(page, params({ sortBy: 'osVersion' }), updated('Zed')).refetch).toBe(true);
    const whole = listPage(['Acme', 'Bolt']);
    expect(applyScopesMessage(whole, params({ sortBy: 'osVersion' }), updated('Zed')).refetch).toBe(false);
  });
});

describe('deletion', () => {
  it('shows the row as being deleted while the job runs', () => {
    const next = applyScopesMessage(listPage(['Acme', 'Bolt']), params(), deletion('bolt', 'running'));
    expect(next.page.customers.map((scope) => scope.status)).toEqual(['Active', 'DELETE_PENDING']);
  });

  it('removes the row when done, refilling the page from the server when there are more', () => {
    const whole = applyScopesMessage(listPage(['Acme', 'Bolt']), params(), deletion('bolt', 'done'));
    expect(names(whole)).toEqual(['Acme']);
    expect(whole).toMatchObject({ refetch: false, page: { total: 1 } });
    const more = applyScopesMessage(listPage(['Acme', 'Bolt', 'Cyd'], 5), params(), deletion('bolt', 'done'));
    expect(names(more)).toEqual(['Acme', 'Cyd']);
    expect(more).toMatchObject({ refetch: true, page: { total: 4 } });
  });

  it('asks the server about a deletion it cannot place (another page, or a job id unknown here)', () => {
    const page = listPage(['Acme']);
    expect(applyScopesMessage(page, params(), deletion('job-9', 'done'))).toEqual({ page, refetch: true });
    expect(applyScopesMessage(page, params(), deletion('job-9', 'running'))).toEqual({ page, refetch: true });
  });

  it('makes the row Active again after a failure, unless the revert failed too', () => {
    const pending = listPage(['Bolt']);
    pending.customers[0]!.status = 'DELETE_PENDING';
    const statusAfter = (message: string) =>
      applyScopesMessage(pending, params(), deletion('bolt', 'failed', message)).page.customers[0]?.status;
    expect(statusAfter('Failed to delete Bolt customer gateways')).toBe('Active');
    expect(statusAfter('Reverted customer status to Active')).toBe('Active');
    expect(statusAfter('Failed to Change customer status to Active')).toBe('DELETE_PENDING');
  });

  it('ignores messages it does not know', () => {
    const page = listPage(['Acme']);
    expect(applyScopesMessage(page, params(), { type: 'other' })).toEqual({ page, refetch: false });
    expect(applyScopesMessage(page, params(), 'text')).toEqual({ page, refetch: false });
  });
});

describe('deletionNotices', () => {
  const change = (state: 'running' | 'done' | 'failed', message?: string) =>
    deletionOf(deletion('bolt', state, message))!;

  it('says deleted successfully when done, nothing while running', () => {
    expect(deletionNotices(change('done', 'deleted successfully'), 'Bolt')).toEqual([
      { variant: 'success', text: 'deleted successfully' },
    ]);
    expect(deletionNotices(change('done'), 'Bolt')).toEqual([
      { variant: 'success', text: 'deleted successfully' },
    ]);
    expect(deletionNotices(change('running'), 'Bolt')).toEqual([]);
    expect(deletionFinished(change('running'))).toBe(false);
    expect(deletionFinished(change('done'))).toBe(true);
  });

  it('tells the failure, then the revert, as their messages come', () => {
    const failure = change('failed', 'Failed to delete Bolt customer gateways');
    expect(deletionNotices(failure, 'Bolt')).toEqual([
      { variant: 'error', text: 'Failed to delete Bolt customer gateways' },
    ]);
    expect(deletionFinished(failure)).toBe(false);
    expect(deletionNotices(change('failed'), 'Bolt')).toEqual([
      { variant: 'error', text: 'Failed to delete Bolt customer gateways' },
    ]);
    const reverted = change('failed', 'Reverted customer status to Active');
    expect(deletionNotices(reverted, 'Bolt')).toEqual([
      { variant: 'success', text: 'Reverted customer status to Active' },
    ]);
    expect(deletionFinished(reverted)).toBe(true);
    const notReverted = change('failed', 'Failed to Change customer status to Active');
    expect(deletionNotices(notReverted, 'Bolt')).toEqual([
      { variant: 'error', text: 'Failed to Change customer status to Active' },
    ]);
    expect(deletionFinished(notReverted)).toBe(true);
  });

  it('is only read from deletion messages', () => {
    expect(deletionOf(updated('Bolt'))).toBeNull();
  });
});

describe('applyScopesMessageToScope', () => {
  it('takes a newer copy of the same scope only', () => {
    const root = customer('Root', { id: 'root-1' });
    const newer = { ...root, firmwareVersion: '20240517' };
    expect(applyScopesMessageToScope(root, { type: 'scopeUpdated', scope: newer })).toEqual(newer);
    expect(applyScopesMessageToScope(root, updated('Bolt'))).toBe(root);
    expect(applyScopesMessageToScope(root, created('Bolt'))).toBe(root);
  });
});
