import { type CreatePortalUserBody, type PortalUser, portalUser } from '@portal/contract';
import { apiRequest } from '../lib/api.ts';

/** POST /api/createPortalUser: 201 with the new user; 409 with the duplicate-email message. */
export function createPortalUser(body: CreatePortalUserBody): Promise<PortalUser> {
  return apiRequest('/api/createPortalUser', { method: 'POST', body, schema: portalUser });
}
