import { effectivePermissions, type Permission } from '@portal/contract';
import { type AccessContext, TENANT_KIND } from './access-context.ts';

export type NavItemId =
  | 'dashboard'
  | 'gateways'
  | 'userDashboard'
  | 'globalDashboard'
  | 'portalUsers'
  | 'alerts'
  | 'agentConfig'
  | 'feedback';

export interface NavItem {
  id: NavItemId;
  label: string;
  /** Shell view path; links add ?scopeId={tenant id}. */
  path: string;
  section: 'main' | 'admin';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/cli/dashboard', section: 'main' },
  { id: 'gateways', label: 'Gateways', path: '/cli/gateways', section: 'main' },
  { id: 'userDashboard', label: 'UserDashboard', path: '/cli/UserDashboard', section: 'main' },
  { id: 'globalDashboard', label: 'Global Dashboard', path: '/cli/globalDashboard', section: 'main' },
  { id: 'portalUsers', label: 'Users', path: '/cli/portal_users', section: 'admin' },
  { id: 'alerts', label: 'Alerts', path: '/cli/alerts', section: 'admin' },
  { id: 'agentConfig', label: 'Agent Config', path: '/cli/agent-config', section: 'admin' },
  { id: 'feedback', label: 'Feedback', path: '/cli/feedback', section: 'admin' },
];

/** Tenants with the full admin menu: neither the free tier (no admin items) nor support (Alerts only). */
const hasFullAdminMenu = (context: AccessContext) =>
  context.tenantKind !== TENANT_KIND.freeTier && context.tenantKind !== TENANT_KIND.support;

type VisibilityRule = (context: AccessContext, holds: (permission: Permission) => boolean) => boolean;

/** Spec 000 section 2 'Shell and side navigation'. */
const VISIBILITY: Record<NavItemId, VisibilityRule> = {
  dashboard: () => true,
  gateways: () => true,
  userDashboard: (context) => context.tenantKind === TENANT_KIND.provider,
  globalDashboard: (context) => context.tenantKind === TENANT_KIND.provider,
  portalUsers: (context, holds) => hasFullAdminMenu(context) && holds('PORTAL_USER_READ'),
  alerts: (context, holds) => context.tenantKind !== TENANT_KIND.freeTier && holds('ALERTS_READ'),
  agentConfig: (context, holds) => hasFullAdminMenu(context) && holds('ALERTS_READ'),
  feedback: (context) => context.isRootUser || context.tenantKind === TENANT_KIND.support,
};

export function canSeeNavItem(id: NavItemId, context: AccessContext): boolean {
  const held = effectivePermissions(context.permissions);
  return VISIBILITY[id](context, (permission) => held.has(permission));
}

export function visibleNavItems(context: AccessContext): NavItem[] {
  return NAV_ITEMS.filter((item) => canSeeNavItem(item.id, context));
}
