import { effectivePermissions } from '@portal/contract';
import { type AccessContext, TENANT_KIND } from './access-context.ts';

/** Entries that open a page. */
type AccountMenuPageId =
  | 'changePassword'
  | 'gatewayFirmware'
  | 'customerFirmware'
  | 'gatewayOs'
  | 'portalConfig'
  | 'themeConfig'
  | 'emailTemplates'
  | 'logout';
/** Entries that act in place, through a dialog or a menu over the menu. */
export type AccountMenuActionId = 'twoFactor' | 'removeAccount' | 'language' | 'appearance';
export type AccountMenuEntryId = AccountMenuPageId | AccountMenuActionId;

/** Named in the 'app' catalogue as `accountMenu.{id}` (app/locales). */
export type AccountMenuEntry =
  | { id: AccountMenuPageId; path: string }
  | { id: AccountMenuActionId; path: null };

export const ACCOUNT_MENU_ENTRIES: readonly AccountMenuEntry[] = [
  { id: 'changePassword', path: '/change-password' },
  { id: 'twoFactor', path: null },
  { id: 'gatewayFirmware', path: '/upgrade-firmware' },
  { id: 'customerFirmware', path: '/customer-firmware' },
  { id: 'gatewayOs', path: '/update-OS' },
  { id: 'portalConfig', path: '/portal-config' },
  { id: 'themeConfig', path: '/theme-config' },
  { id: 'emailTemplates', path: '/email-templates' },
  { id: 'removeAccount', path: null },
  { id: 'language', path: null },
  { id: 'appearance', path: null },
  { id: 'logout', path: '/logout' },
];

const isPlatformOperator = (context: AccessContext) =>
  context.isRootUser && effectivePermissions(context.permissions).has('IOT_DEVICE_SCOPE_MIGRATE');

const isPasswordUser = (context: AccessContext) => context.user !== null && !context.user.socialLogin;

/**
 * A self-service user of the free-tier scope. Only a root user can view a tenant other than its own, so a
 * non-root user viewing the free tier belongs to it.
 */
const isFreeTierUser = (context: AccessContext) =>
  context.user !== null && !context.isRootUser && context.tenantKind === TENANT_KIND.freeTier;

/**
 * Spec 000 section 2 'Account menu entries'. Where the spec gives two readings, DESIGN.md section 8 decides:
 * Theme Configuration needs SCOPE_UPDATE and is hidden for the free-tier scope; 'Remove your account' is
 * offered to the free-tier scope.
 */
const VISIBILITY: Record<AccountMenuEntryId, (context: AccessContext) => boolean> = {
  changePassword: isPasswordUser,
  twoFactor: (context) => isPasswordUser(context) && !isFreeTierUser(context),
  gatewayFirmware: isPlatformOperator,
  customerFirmware: isPlatformOperator,
  gatewayOs: isPlatformOperator,
  portalConfig: isPlatformOperator,
  themeConfig: (context) =>
    effectivePermissions(context.permissions).has('SCOPE_UPDATE') &&
    context.tenantKind !== TENANT_KIND.freeTier,
  // Ours (docs/audit.md): the mails the portal sends are the platform's, edited by root users only.
  emailTemplates: (context) => context.isRootUser,
  removeAccount: isFreeTierUser,
  // Ours (docs/i18n.md): English or Deutsch, for everyone.
  language: () => true,
  // Ours (docs/ui.md 'Light and dark'): System, Light or Dark, for everyone.
  appearance: () => true,
  logout: () => true,
};

export function canSeeAccountMenuEntry(id: AccountMenuEntryId, context: AccessContext): boolean {
  return VISIBILITY[id](context);
}

export function visibleAccountMenuEntries(context: AccessContext): AccountMenuEntry[] {
  return ACCOUNT_MENU_ENTRIES.filter((entry) => canSeeAccountMenuEntry(entry.id, context));
}
