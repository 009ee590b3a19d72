import {
  type CreatePortalUserBody,
  countryShortCode,
  createPortalUserBody,
  GRANTS_ALSO,
  inferRole,
  PERMISSION_GROUPS,
  type Permission,
  type PermissionGroup,
  type PortalUser,
  permissionsForRole,
  phoneNumberFor,
  portalUserMessages,
  ROLES,
  type Role,
  type UpdatePortalUserBody,
} from '@portal/contract';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';

/**
 * The panel checks what the server checks: the create body's fields (the update body only adds id and status),
 * plus the role shown in the select.
 */
export const portalUserFormSchema = createPortalUserBody
  .pick({ firstName: true, lastName: true, email: true, permissions: true })
  .extend({
    phoneNumber: phoneNumberFor('portalUser'),
    countryShortCode,
    role: z.enum(ROLES),
  });
export type PortalUserFormValues = z.input<typeof portalUserFormSchema>;
export type PortalUserFormOutput = z.output<typeof portalUserFormSchema>;

export type PanelMode = 'create' | 'update';

/** Whether the signed-in user may give a permission (spec 002 section 6: root anything, others what they hold). */
export type Grantable = (code: Permission) => boolean;

export function createFormValues(grantable: Grantable = () => true): PortalUserFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    countryShortCode: '',
    ...chooseRole('Admin', [], false, grantable),
  };
}

/** On update the role is guessed from the permission count (spec 002 section 4). */
export function updateFormValues(user: PortalUser): PortalUserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    countryShortCode: user.countryShortCode,
    role: inferRole(user.permissions),
    permissions: [...user.permissions],
  };
}

export interface RoleOption {
  role: Role;
  disabled: boolean;
}

/** Custom is a choice on update only; on create it only appears (not choosable) when the checkboxes made it. */
export function roleOptions(mode: PanelMode, current: Role): RoleOption[] {
  if (mode === 'update') return ROLES.map((role) => ({ role, disabled: false }));
  return ROLES.filter((role) => role !== 'Custom' || current === 'Custom').map((role) => ({
    role,
    disabled: role === 'Custom',
  }));
}

export interface RoleAndPermissions {
  role: Role;
  permissions: string[];
}

/**
 * A role choice resets the set: Super Admin and Admin to their presets, Custom keeps it. A preset gives only
 * what the signed-in user may give (and keeps what the user being edited already holds): the server would
 * refuse the rest. The role shown is then the one the set's count gives.
 */
export function chooseRole(
  role: Role,
  current: readonly string[],
  inAdminTenant: boolean,
  grantable: Grantable = () => true,
): RoleAndPermissions {
  const preset = permissionsForRole(role, current, inAdminTenant);
  const permissions = preset.filter((code) => grantable(code as Permission) || current.includes(code));
  return { role: permissions.length === preset.length ? role : inferRole(permissions), permissions };
}

/**
 * A checkbox change: the code and what it also grants (GATEWAY_WRITE with GENERATE_GATEWAY_TOKEN ...) go in or
 * out together; the role shown becomes the one the new count gives.
 */
export function togglePermission(
  current: readonly string[],
  code: Permission,
  checked: boolean,
): RoleAndPermissions {
  const codes = [code, GRANTS_ALSO[code]].filter((value): value is Permission => value !== undefined);
  const next = new Set(current);
  for (const value of codes) {
    if (checked) next.add(value);
    else next.delete(value);
  }
  const permissions = [...next];
  return { role: inferRole(permissions), permissions };
}

/** The grid's groups; the admin-tenant-only entries only for a root user listing the root tenant. */
export function visiblePermissionGroups(showAdminTenantOnly: boolean): PermissionGroup[] {
  if (showAdminTenantOnly) return [...PERMISSION_GROUPS];
  return PERMISSION_GROUPS.map((group) => ({
    ...group,
    permissions: group.permissions.filter((entry) => !entry.adminTenantOnly),
  })).filter((group) => group.permissions.length > 0);
}

const isValid = (values: PortalUserFormValues) => portalUserFormSchema.safeParse(values).success;

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((value) => right.has(value));
};

/** Create: names, email and phone rules hold, and the email is not taken. */
export function canCreate(values: PortalUserFormValues, emailTaken: boolean): boolean {
  return !emailTaken && isValid(values);
}

/** Whether the names, phone or permissions differ from the loaded user (the email cannot change). */
export function hasChanges(values: PortalUserFormValues, loaded: PortalUser): boolean {
  return (
    values.firstName !== loaded.firstName ||
    values.lastName !== loaded.lastName ||
    values.phoneNumber !== loaded.phoneNumber ||
    values.countryShortCode !== loaded.countryShortCode ||
    !sameSet(values.permissions, loaded.permissions)
  );
}

/** Update: something changed and every field is valid (so never while a name is empty). */
export function canUpdate(values: PortalUserFormValues, loaded: PortalUser): boolean {
  return hasChanges(values, loaded) && isValid(values);
}

/** The email the duplicate check may ask about: only a valid one. */
export function checkableEmail(email: string): string {
  const parsed = portalUserFormSchema.shape.email.safeParse(email);
  return parsed.success ? parsed.data : '';
}

export function createBody(values: PortalUserFormOutput, scopeId: string): CreatePortalUserBody {
  const { role: _role, ...fields } = values;
  return { ...fields, scopeId, owner: false };
}

/** The email and scope stay as loaded; owner and status are left out, so the server keeps them. */
export function updateBody(values: PortalUserFormOutput, loaded: PortalUser): UpdatePortalUserBody {
  const { role: _role, email: _email, ...fields } = values;
  return { ...fields, id: loaded.id, email: loaded.email, scopeId: loaded.scopeId };
}

/** A refused create shows the server's words for a taken email (409), otherwise 'Failed to create user'. */
export function createErrorText(error: unknown): string {
  return error instanceof ApiError && error.status === 409 ? error.message : portalUserMessages.createFailed;
}
