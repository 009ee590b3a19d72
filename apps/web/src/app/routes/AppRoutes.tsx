import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CenteredProgress } from '../../components/CenteredProgress.tsx';
import { AgentConfigPage } from '../../features/agent-config/pages.ts';
import { AlertsPage, IncidentsPage } from '../../features/alerts/pages.ts';
import { ApiKeysPage } from '../../features/api-keys/pages.ts';
import { ActivityPage } from '../../features/audit/pages.ts';
import { LoginPage, LogoutPage } from '../../features/auth/pages.ts';
import { DashboardPage, GlobalDashboardPage } from '../../features/dashboard/pages.ts';
import { EmailTemplatesPage } from '../../features/email-templates/pages.ts';
import { FeedbackPage } from '../../features/feedback/pages.ts';
import { CustomerFirmwarePage, GatewayFirmwarePage, GatewayOsPage } from '../../features/firmware/pages.ts';
import { GatewaysPage } from '../../features/gateways/pages.ts';
import { GlobalSearchPage } from '../../features/global-search/pages.ts';
import { GraphGeneratorPage } from '../../features/graph-generator/pages.ts';
import { ChangePasswordPage, ResetPasswordPage } from '../../features/identity/pages.ts';
import { LockUserResetPasswordPage, LockUsersPage } from '../../features/lock-users/pages.ts';
import { LocksPage } from '../../features/locks/pages.ts';
import { PortalConfigPage } from '../../features/portal-config/pages.ts';
import { PortalUsersPage } from '../../features/portal-users/pages.ts';
import { CustomersPage } from '../../features/tenants/pages.ts';
import { ThemeConfigPage } from '../../features/theme-config/pages.ts';
import { WebhooksPage } from '../../features/webhooks/pages.ts';
import type { Session } from '../../lib/session.ts';
import { type AccountMenuEntryId, canSeeAccountMenuEntry } from '../account-menu.ts';
import { canSeeNavItem, canUseGlobalSearch, type NavItemId } from '../navigation.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { RequireAccess, RequireSession } from './guards.tsx';
import { EntryRedirect, UnknownRoute } from './redirects.tsx';

const rootOnly = (session: Session) => session.isRootUser;
const navItem = (id: NavItemId) => (session: Session) => canSeeNavItem(id, session);
const menuEntry = (id: AccountMenuEntryId) => (session: Session) => canSeeAccountMenuEntry(id, session);
const guarded = (allows: (session: Session) => boolean, page: ReactNode) => (
  <RequireAccess allows={allows}>{page}</RequireAccess>
);

/** The routes of spec 000 section 2 (hash form). */
export function AppRoutes() {
  useDocumentTitle();
  return (
    <Suspense fallback={<CenteredProgress />}>
      <Routes>
        <Route index element={<EntryRedirect />} />
        <Route path="home" element={<EntryRedirect />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route path="reset-password/*" element={<ResetPasswordPage />} />
        <Route path="portal-user/reset-password/:activationCode" element={<ResetPasswordPage />} />
        <Route path="lock-user/reset-password/:activationCode" element={<LockUserResetPasswordPage />} />
        <Route element={<RequireSession />}>
          <Route path="admin/tenants" element={guarded(rootOnly, <CustomersPage />)} />
          <Route path="cli/dashboard" element={<DashboardPage />} />
          <Route
            path="cli/UserDashboard"
            element={guarded(navItem('userDashboard'), <GraphGeneratorPage />)}
          />
          <Route
            path="cli/globalDashboard"
            element={guarded(navItem('globalDashboard'), <GlobalDashboardPage />)}
          />
          <Route path="cli/gateways" element={<GatewaysPage />} />
          <Route path="cli/gateways/list_view" element={<GatewaysPage />} />
          <Route path="cli/gateways/grid_view" element={<GatewaysPage />} />
          <Route path="cli/locks" element={guarded(navItem('locks'), <LocksPage />)} />
          <Route path="cli/portal_users" element={guarded(navItem('portalUsers'), <PortalUsersPage />)} />
          <Route path="cli/lock-users" element={guarded(navItem('lockUsers'), <LockUsersPage />)} />
          <Route path="cli/alerts" element={guarded(navItem('alerts'), <AlertsPage />)} />
          <Route path="cli/incidents" element={guarded(navItem('incidents'), <IncidentsPage />)} />
          <Route path="cli/agent-config" element={guarded(navItem('agentConfig'), <AgentConfigPage />)} />
          <Route path="cli/feedback" element={guarded(navItem('feedback'), <FeedbackPage />)} />
          <Route path="cli/activity" element={guarded(navItem('activity'), <ActivityPage />)} />
          <Route path="cli/api-keys" element={guarded(navItem('apiKeys'), <ApiKeysPage />)} />
          <Route path="cli/webhooks" element={guarded(navItem('webhooks'), <WebhooksPage />)} />
          <Route path="global-search" element={guarded(canUseGlobalSearch, <GlobalSearchPage />)} />
          <Route
            path="change-password"
            element={guarded(menuEntry('changePassword'), <ChangePasswordPage />)}
          />
          <Route
            path="change-password/:activationCode"
            element={guarded(menuEntry('changePassword'), <ChangePasswordPage />)}
          />
          <Route
            path="upgrade-firmware"
            element={guarded(menuEntry('gatewayFirmware'), <GatewayFirmwarePage />)}
          />
          <Route
            path="customer-firmware"
            element={guarded(menuEntry('customerFirmware'), <CustomerFirmwarePage />)}
          />
          <Route path="update-OS" element={guarded(menuEntry('gatewayOs'), <GatewayOsPage />)} />
          <Route path="portal-config" element={guarded(menuEntry('portalConfig'), <PortalConfigPage />)} />
          <Route path="theme-config" element={guarded(menuEntry('themeConfig'), <ThemeConfigPage />)} />
          <Route
            path="email-templates"
            element={guarded(menuEntry('emailTemplates'), <EmailTemplatesPage />)}
          />
        </Route>
        <Route path="*" element={<UnknownRoute />} />
      </Routes>
    </Suspense>
  );
}
