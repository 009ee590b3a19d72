import type { Session } from '../lib/session.ts';

/** What visibility and access rules look at: the signed-in user and the tenant being viewed. */
export type AccessContext = Pick<Session, 'isRootUser' | 'permissions' | 'tenantKind'> & {
  user: { socialLogin: boolean } | null;
};

/** Tenant kinds the server seeds or creates (DESIGN.md section 8). */
export const TENANT_KIND = {
  root: 'root',
  provider: 'provider',
  support: 'support',
  freeTier: 'free_tier',
  enterprise: 'enterprise',
  customer: 'customer',
} as const;
