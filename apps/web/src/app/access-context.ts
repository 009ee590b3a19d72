import type { Session } from '../lib/session.ts';

/** What visibility and access rules look at: the signed-in user and the tenant being viewed. */
export type AccessContext = Pick<Session, 'isRootUser' | 'permissions' | 'tenantKind'> & {
  user: { socialLogin: boolean } | null;
};

export { TENANT_KIND } from '@portal/contract';
