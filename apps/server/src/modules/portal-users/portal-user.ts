import { live, type PortalUser, type PortalUsersLiveMessage } from '@portal/contract';
import type { LivePublisher } from '../../lib/live.ts';
import type { PortalUserRow } from '../users/index.ts';

export function toPortalUser(row: PortalUserRow): PortalUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    countryShortCode: row.country_short_code,
    scopeId: row.tenant_id,
    owner: row.owner,
    status: row.status,
    permissions: row.permissions,
    secureAuthentication: row.two_factor_enabled,
    socialLogin: row.social_login,
    isRootUser: row.is_root,
  };
}

/** Who the first-password (activation) mail goes to. */
export const activationTarget = (row: PortalUserRow) => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
});

/** Tells the browsers showing a scope's users list. */
export function publishUsers(
  publisher: LivePublisher,
  scopeId: string,
  message: PortalUsersLiveMessage,
): void {
  publisher.publish(live.portalUsers(scopeId), message);
}
