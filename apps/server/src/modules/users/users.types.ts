import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';

/** A portal user as other modules see it: never the password hash or the TOTP secrets. */
export interface PortalUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  country_short_code: string;
  tenant_id: string;
  owner: boolean;
  status: string;
  permissions: string[];
  two_factor_enabled: boolean;
  social_login: boolean;
  is_root: boolean;
}

export interface ListOptions {
  search: string;
  offset: number;
  limit: number;
  sortBy: 'name' | 'email' | 'secureAuthentication';
  sortOrder: 'asc' | 'desc';
}

export type PortalUserChanges = Pick<
  Updateable<UsersTable>,
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'country_short_code'
  | 'tenant_id'
  | 'status'
  | 'owner'
  | 'permissions'
>;

/** What another module needs to know of a user (social sign-in, tests). */
export interface UserIdentity {
  id: string;
  tenantId: string;
  email: string;
  twoFactorEnabled: boolean;
}
