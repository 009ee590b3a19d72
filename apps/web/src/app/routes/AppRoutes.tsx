import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CenteredProgress } from '../../components/CenteredProgress.tsx';
import { AgentConfigPage } from '../../features/agent-config/index.ts';
import { AlertsPage } from '../../features/alerts/index.ts';
import { LoginPage, LogoutPage } from '../../features/auth/index.ts';
import { DashboardPage, GlobalDashboardPage, UserDashboardPage } from '../../features/dashboard/index.ts';
import { FeedbackPage } from '../../features/feedback/index.ts';
import { CustomerFirmwarePage, GatewayFirmwarePage, GatewayOsPage } from '../../features/firmware/index.ts';
import { GatewaysPage } from '../../features/gateways/index.ts';
import { GlobalSearchPage } from '../../features/global-search/index.ts';
import { ChangePasswordPage, ResetPasswordPage } from '../../features/identity/index.ts';
import { PortalConfigPage } from '../../features/portal-config/index.ts';
import { PortalUsersPage } from '../../features/portal-users/index.ts';
import { CustomersPage } from '../../features/tenants/index.ts';
import { ThemeConfigPage } from '../../features/theme-config/index.ts';
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
    <Suspense fallback={<CenteredProgress label="Loading" />}>
      <Routes>
        <Route index element={<EntryRedirect />} />
        <Route path="home" element={<EntryRedirect />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route path="reset-password/*" element={<ResetPasswordPage />} />
        <Route path="portal-user/reset-password/:activationCode" element={<ResetPasswordPage />} />
        <Route element={<RequireSession />}>
          <Route path="admin/tenants" element={guarded(rootOnly, <CustomersPage />)} />
          <Route path="cli/dashboard" element={<DashboardPage />} />
          <Route
            path="cli/UserDashboard"
            element={guarded(navItem('userDashboard'), <UserDashboardPage />)}
          />
          <Route
            path="cli/globalDashboard"
            element={guarded(navItem('globalDashboard'), <GlobalDashboardPage />)}
          />
          <Route path="cli/gateways" element={<GatewaysPage />} />
          <Route path="cli/gateways/list_view" element={<GatewaysPage />} />
          <Route path="cli/gateways/grid_view" element={<GatewaysPage />} />
          <Route path="cli/portal_users" element={guarded(navItem('portalUsers'), <PortalUsersPage />)} />
          <Route path="cli/alerts" element={guarded(navItem('alerts'), <AlertsPage />)} />
          <Route path="cli/agent-config" element={guarded(navItem('agentConfig'), <AgentConfigPage />)} />
          <Route path="cli/feedback" element={guarded(navItem('feedback'), <FeedbackPage />)} />
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
        </Route>
        <Route path="*" element={<UnknownRoute />} />
      </Routes>
    </Suspense>
  );
}
