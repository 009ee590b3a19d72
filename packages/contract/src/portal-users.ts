import { z } from 'zod';
import { countryShortCode, email, firstName, lastName, phoneNumberFor } from './people.ts';

/** Portal user (spec 002 section 3). */
export const portalUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  countryShortCode: z.string(),
  scopeId: z.string(),
  owner: z.boolean(),
  status: z.string(),
  permissions: z.array(z.string()),
  secureAuthentication: z.boolean(),
  socialLogin: z.boolean(),
  isRootUser: z.boolean(),
});
export type PortalUser = z.infer<typeof portalUser>;

export const PORTAL_USERS_PAGE_SIZES = [5, 10, 15] as const;
export const PORTAL_USERS_DEFAULT_PAGE_SIZE = 10;
export const PORTAL_USER_SORT_FIELDS = ['name', 'email', 'secureAuthentication'] as const;

/**
 * GET /api/getPortalUsers/portalUsers?scopeId=: the users of the scope, paged and searched on the server
 * (search ignores case and spaces, over name and e-mail).
 */
export const portalUsersQuery = z.object({
  scopeId: z.string().min(1).max(100),
  search: z.string().max(100).optional().default(''),
  page: z.coerce.number().int().min(0).max(100000).optional().default(0),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(PORTAL_USERS_DEFAULT_PAGE_SIZE),
  sortBy: z.enum(PORTAL_USER_SORT_FIELDS).optional().default('name'),
  sortOrder: z.enum(['asc', 'desc']).optional().default('asc'),
});
export type PortalUsersQuery = z.input<typeof portalUsersQuery>;

export const portalUsersPage = z.object({ users: z.array(portalUser), total: z.number().int() });
export type PortalUsersPage = z.infer<typeof portalUsersPage>;

const permissionList = z.array(z.string().max(64)).max(64);

/** POST /api/createPortalUser (spec 002 sections 5 and 7). */
export const createPortalUserBody = z.object({
  email,
  firstName,
  lastName,
  scopeId: z.string().min(1).max(100),
  permissions: permissionList,
  owner: z.boolean().optional().default(false),
  phoneNumber: phoneNumberFor('portalUser').optional().default(''),
  countryShortCode: countryShortCode.optional().default(''),
});
export type CreatePortalUserBody = z.input<typeof createPortalUserBody>;

/**
 * PUT /api/updatePortalUser: the e-mail is read-only on update (a different one is refused); owner and
 * status keep their current values when left out.
 */
export const updatePortalUserBody = createPortalUserBody.extend({
  id: z.string().min(1).max(100),
  owner: z.boolean().optional(),
  status: z.string().max(20).optional(),
});
export type UpdatePortalUserBody = z.input<typeof updatePortalUserBody>;

/** POST /api/portalUserSignup (spec 000 section 3): into the free-tier scope with the sign-up permissions. */
export const signUpBody = z.object({
  firstName,
  firstNameTextLength: z.number().int().min(0).max(100).optional(),
  lastName,
  lastNameTextLength: z.number().int().min(0).max(100).optional(),
  email,
  scopeId: z.string().max(100).optional(),
  phoneNumber: phoneNumberFor('signUp').optional().default(''),
  countryShortCode: countryShortCode.optional().default(''),
  permissions: permissionList.optional(),
});
export type SignUpBody = z.input<typeof signUpBody>;

/** GET /api/check-duplicate-user-email/{email}. */
export const duplicateEmailResponse = z.object({ exists: z.boolean(), message: z.string().optional() });
export type DuplicateEmailResponse = z.infer<typeof duplicateEmailResponse>;

export const portalUserMessages = {
  created: 'User successfully added',
  createFailed: 'Failed to create user',
  updating: 'Updating ...',
  updated: 'Details updated successfully',
  updateFailed: 'Failed to update details',
  updateUserFailed: 'Failed to update User',
  removed: 'User successfully removed',
  refreshing: 'Refreshing Portal Users ...',
  fetching: 'Fetching Portal Users ...',
  noName: 'No Name',
  noEmail: 'No-email',
  /** Our wording for refusals the spec does not word. */
  emailReadOnly: 'The email cannot be changed.',
  cannotGrant: 'You cannot grant permissions you do not hold.',
  /** Ours: under the permission grid of a user who does not hold every permission. */
  withheldPermissions: 'Permissions you do not hold cannot be given.',
  cannotEditSelfOrOwner: 'This user cannot be changed here.',
  ownerNotEligible: 'An owner must hold CAN_BE_SCOPE_OWNER.',
  /** Sign-up users share one scope: they do not manage each other. */
  generalScope: 'Users of the general users scope are not managed here.',
} as const;

/** 'The email {email} is already registered for {name} tenant and hence cannot be used.' */
export const duplicateEmailMessage = (address: string, tenantName: string) =>
  `The email ${address} is already registered for ${tenantName} tenant and hence cannot be used.`;

/** Display name: first plus last, else whichever exists, else 'No Name' (spec 002 section 2). */
export function portalUserDisplayName(user: { firstName?: string | null; lastName?: string | null }): string {
  const parts = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean);
  return parts.length ? parts.join(' ') : portalUserMessages.noName;
}

/** Live messages on the per-scope portal-users channel (spec 002 section 4). */
export const portalUsersLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('newUser'), user: portalUser }),
  z.object({ type: z.literal('updateUser'), user: portalUser }),
  z.object({ type: z.literal('resetUser'), user: portalUser }),
  z.object({ type: z.literal('deleteUser'), id: z.string() }),
]);
export type PortalUsersLiveMessage = z.infer<typeof portalUsersLiveMessage>;
