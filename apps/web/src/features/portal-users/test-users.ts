import type { PortalUser } from '@portal/contract';

/** A portal user for tests. */
export const portalUserFixture = (overrides: Partial<PortalUser> = {}): PortalUser => ({
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '',
  countryShortCode: '',
  scopeId: 'scope-1',
  owner: false,
  status: 'active',
  permissions: [],
  secureAuthentication: false,
  socialLogin: false,
  isRootUser: false,
  ...overrides,
});
