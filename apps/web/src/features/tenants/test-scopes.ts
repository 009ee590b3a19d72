import type { Scope } from '@portal/contract';

/** A customer for tests. */
export const scopeFixture = (overrides: Partial<Scope> = {}): Scope => ({
  id: 'scope-1',
  name: 'Acme',
  customerId: 'ACME-1',
  kind: 'customer',
  emailDomain: 'acme.com',
  parent: 'root-1',
  ancestors: ['root-1'],
  primaryThemeColor: '#112233',
  secondaryThemeColor: '#445566',
  logoUrl: null,
  favIconUrl: null,
  status: 'Active',
  firmwareVersion: null,
  osVersion: null,
  osPatch: null,
  onlineDevicesCount: 0,
  totalDevicesCount: 0,
  dashboardVariant: 'fleet',
  ...overrides,
});
