import { describe, expect, it } from 'vitest';
import { gatewaysLink, locksLink, percent, valueLabel } from './dashboard-links.ts';

const ID = '2b0c3a8e-4f1d-4c2a-9d7e-1a2b3c4d5e6f';
const paramsOf = (link: string) => new URLSearchParams(link.split('?')[1]);

describe('gatewaysLink', () => {
  it('opens the list view of the scope with exactly the filter of the slice', () => {
    expect(gatewaysLink(ID, { status: 'offline' })).toBe(
      `/cli/gateways/list_view?scopeId=${ID}&status=offline`,
    );
    expect(gatewaysLink(ID)).toBe(`/cli/gateways/list_view?scopeId=${ID}`);
  });

  it('keeps an empty firmware (none reported), a customer with its name and a cluster area', () => {
    expect(paramsOf(gatewaysLink(ID, { firmware: '' })).get('firmware')).toBe('');
    const customer = paramsOf(gatewaysLink(ID, { tenant: ID, tenantName: 'Acme & Co' }));
    expect([customer.get('tenant'), customer.get('tenantName')]).toEqual([ID, 'Acme & Co']);
    expect(paramsOf(gatewaysLink(ID, { area: [2.35, 48.85, 2.36, 48.86] })).get('area')).toBe(
      '2.35,48.85,2.36,48.86',
    );
  });
});

describe('locksLink', () => {
  it('opens the locks list of the scope, filtered as the lock figure counts', () => {
    expect(locksLink(ID)).toBe(`/cli/locks?scopeId=${ID}`);
    expect(locksLink(ID, { battery: 'low' })).toBe(`/cli/locks?scopeId=${ID}&battery=low`);
    expect(locksLink(ID, { access: 'failed' })).toBe(`/cli/locks?scopeId=${ID}&access=failed`);
  });
});

describe('labels', () => {
  it('rounds shares and names values not reported', () => {
    expect(percent(1, 3)).toBe('33 %');
    expect(percent(0, 0)).toBe('0 %');
    expect(valueLabel('')).toBe('Not reported');
    expect(valueLabel('v1')).toBe('v1');
  });
});
