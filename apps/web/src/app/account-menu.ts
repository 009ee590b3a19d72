import { effectivePermissions } from '@portal/contract';
import { type AccessContext, TENANT_KIND } from './access-context.ts';

export type AccountMenuEntryId =
  | 'changePassword'
  | 'gatewayFirmware'
  | 'customerFirmware'
  | 'gatewayOs'
  | 'portalConfig'
  | 'themeConfig'
  | 'logout';

export interface AccountMenuEntry {
  id: AccountMenuEntryId;
  label: string;
  path: string;
}

export const ACCOUNT_MENU_ENTRIES: readonly AccountMenuEntry[] = [
  { id: 'changePassword', label: 'Change Password', path: '/change-password' },
  { id: 'gatewayFirmware', label: 'Update Gateway Firmware', path: '/upgrade-firmware' },
  { id: 'customerFirmware', label: 'Customer Firmware App', path: '/customer-firmware' },
  { id: 'gatewayOs', label: 'Update Gateway OS', path: '/update-OS' },
  { id: 'portalConfig', label: 'Portal Configuration', path: '/portal-config' },
  { id: 'themeConfig', label: 'Theme Configuration', path: '/theme-config' },
  { id: 'logout', label: 'Logout', path: '/logout' },
];

const isPlatformOperator = (context: AccessContext) =>
  context.isRootUser && effectivePermissions(context.permissions).has('IOT_DEVICE_SCOPE_MIGRATE');

/**
 * Spec 000 section 2 'Account menu entries' (the 2FA toggle and 'Remove your account' come with the identity
 * work). Theme Configuration follows DESIGN.md section 8: SCOPE_UPDATE, hidden for the free-tier scope.
 */
const VISIBILITY: Record<AccountMenuEntryId, (context: AccessContext) => boolean> = {
  changePassword: (context) => context.user !== null && !context.user.socialLogin,
  gatewayFirmware: isPlatformOperator,
  customerFirmware: isPlatformOperator,
  gatewayOs: isPlatformOperator,
  portalConfig: isPlatformOperator,
  themeConfig: (context) =>
    effectivePermissions(context.permissions).has('SCOPE_UPDATE') &&
    context.tenantKind !== TENANT_KIND.freeTier,
  logout: () => true,
};

export function canSeeAccountMenuEntry(id: AccountMenuEntryId, context: AccessContext): boolean {
  return VISIBILITY[id](context);
}

export function visibleAccountMenuEntries(context: AccessContext): AccountMenuEntry[] {
  return ACCOUNT_MENU_ENTRIES.filter((entry) => canSeeAccountMenuEntry(entry.id, context));
}
