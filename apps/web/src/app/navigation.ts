import { effectivePermissions, type Permission } from '@portal/contract';
import { type AccessContext, TENANT_KIND } from './access-context.ts';

export type NavItemId =
  | 'dashboard'
  | 'gateways'
  | 'locks'
  | 'userDashboard'
  | 'globalDashboard'
  | 'portalUsers'
  | 'lockUsers'
  | 'alerts'
  | 'incidents'
  | 'agentConfig'
  | 'feedback'
  | 'activity'
  | 'apiKeys'
  | 'webhooks';

/** Named in the 'app' catalogue as `nav.{id}` (app/locales). */
export interface NavItem {
  id: NavItemId;
  /** Shell view path; links add ?scopeId={tenant id}. */
  path: string;
  section: 'main' | 'admin';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', path: '/cli/dashboard', section: 'main' },
  { id: 'gateways', path: '/cli/gateways', section: 'main' },
  { id: 'locks', path: '/cli/locks', section: 'main' },
  { id: 'userDashboard', path: '/cli/UserDashboard', section: 'main' },
  { id: 'globalDashboard', path: '/cli/globalDashboard', section: 'main' },
  { id: 'portalUsers', path: '/cli/portal_users', section: 'admin' },
  { id: 'lockUsers', path: '/cli/lock-users', section: 'admin' },
  { id: 'alerts', path: '/cli/alerts', section: 'admin' },
  { id: 'incidents', path: '/cli/incidents', section: 'admin' },
  { id: 'agentConfig', path: '/cli/agent-config', section: 'admin' },
  { id: 'feedback', path: '/cli/feedback', section: 'admin' },
  { id: 'activity', path: '/cli/activity', section: 'admin' },
  { id: 'apiKeys', path: '/cli/api-keys', section: 'admin' },
  { id: 'webhooks', path: '/cli/webhooks', section: 'admin' },
];

const isFreeTier = (context: AccessContext) => context.tenantKind === TENANT_KIND.freeTier;
const isSupport = (context: AccessContext) => context.tenantKind === TENANT_KIND.support;

/** Tenants with the full admin menu: neither the free tier (no admin items) nor support (Alerts only). */
const hasFullAdminMenu = (context: AccessContext) => !isFreeTier(context) && !isSupport(context);

/**
 * The provider's own tenants: the provider's tenant and its Enterprise tenants. Read this way, the spec's
 * "UserDashboard hidden for an Enterprise tenant" has a meaning: an Enterprise tenant keeps the Global
 * Dashboard and loses only the UserDashboard.
 */
const isProviderOwnTenant = (context: AccessContext) =>
  context.tenantKind === TENANT_KIND.provider || context.tenantKind === TENANT_KIND.enterprise;

type VisibilityRule = (context: AccessContext, holds: (permission: Permission) => boolean) => boolean;

/**
 * Spec 000 section 2 'Shell and side navigation' and spec 002 section 2 'Side navigation'. The tenant rules
 * look at the tenant being viewed (a root user who opened a customer sees that customer's menu).
 */
const VISIBILITY: Record<NavItemId, VisibilityRule> = {
  dashboard: () => true,
  gateways: () => true,
  // Ours (docs/ui.md 'Locks and lock users'): the locks behind the customer's gateways; the free tier has none to manage.
  locks: (context, holds) => !isFreeTier(context) && holds('IOT_DEVICE_READ'),
  // The graph generator (docs/graph-generator.md): the provider's tenant, and the platform's own (root) tenant,
  // which is the provider's in a portal that creates no provider tenant; never an Enterprise tenant.
  userDashboard: (context) =>
    context.tenantKind === TENANT_KIND.provider || context.tenantKind === TENANT_KIND.root,
  // The platform's own (root) tenant too, as for UserDashboard: its Global Dashboard spans every customer
  // (docs/dashboards.md).
  globalDashboard: (context) => isProviderOwnTenant(context) || context.tenantKind === TENANT_KIND.root,
  portalUsers: (context, holds) => hasFullAdminMenu(context) && holds('PORTAL_USER_READ'),
  // Ours (docs/ui.md 'Locks and lock users'): lock users need IOT_USER_READ (spec 002 section 6), an admin item like Users.
  lockUsers: (context, holds) => hasFullAdminMenu(context) && holds('IOT_USER_READ'),
  alerts: (context, holds) => !isFreeTier(context) && holds('ALERTS_READ'),
  // Ours (docs/alerts.md 'Incidents'): what the alert rules raised, with Alerts' permission; like Agent Config
  // not for the free tier or the support tenant (whose admin menu is Alerts only, spec 002 section 2).
  incidents: (context, holds) => hasFullAdminMenu(context) && holds('ALERTS_READ'),
  agentConfig: (context, holds) => hasFullAdminMenu(context) && holds('ALERTS_READ'),
  // A FreeTier tenant has no admin items at all, Feedback included (even for a root user viewing it).
  feedback: (context) => !isFreeTier(context) && (context.isRootUser || isSupport(context)),
  // Ours (docs/audit.md): the audit log, for a customer's administrators (SCOPE_READ) and root.
  activity: (context, holds) =>
    !isFreeTier(context) && (context.isRootUser || (hasFullAdminMenu(context) && holds('SCOPE_READ'))),
  // Ours (docs/api-keys.md): the customer's API keys, for holders of API_KEY_WRITE; not the free tier.
  apiKeys: (context, holds) => !isFreeTier(context) && holds('API_KEY_WRITE'),
  // Ours (docs/webhooks.md): the customer's outbound webhooks, for holders of WEBHOOK_WRITE; not the free tier.
  webhooks: (context, holds) => !isFreeTier(context) && holds('WEBHOOK_WRITE'),
};

export function canSeeNavItem(id: NavItemId, context: AccessContext): boolean {
  const held = effectivePermissions(context.permissions);
  return VISIBILITY[id](context, (permission) => held.has(permission));
}

export function visibleNavItems(context: AccessContext): NavItem[] {
  return NAV_ITEMS.filter((item) => canSeeNavItem(item.id, context));
}

/**
 * The top bar's 'Global search' (a gateway search across the customers the user may see; the server limits
 * the rows). Needs IOT_DEVICE_READ, which the search call checks (a refused call would end the session), and
 * is not offered to the free tier's self-service users (their reduced menu), unless a root user views it.
 */
export function canUseGlobalSearch(context: AccessContext): boolean {
  if (!effectivePermissions(context.permissions).has('IOT_DEVICE_READ')) return false;
  return context.isRootUser || !isFreeTier(context);
}
