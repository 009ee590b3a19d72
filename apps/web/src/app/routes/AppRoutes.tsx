import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CenteredProgress } from '../../components/CenteredProgress.tsx';
import { LoginPage } from '../../features/auth/components/LoginPage.tsx';
import { lazyPage } from '../../lib/lazy-page.ts';
import type { Session } from '../../lib/session.ts';
import { type AccountMenuEntryId, canSeeAccountMenuEntry } from '../account-menu.ts';
import { canSeeNavItem, canUseGlobalSearch, type NavItemId } from '../navigation.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { RequireAccess, RequireSession } from './guards.tsx';
import { EntryRedirect, UnknownRoute } from './redirects.tsx';

const AgentConfigPage = lazyPage(
  () => import('../../features/agent-config/components/AgentConfigPage.tsx'),
  'AgentConfigPage',
);
const AlertsPage = lazyPage(() => import('../../features/alerts/components/AlertsPage.tsx'), 'AlertsPage');
const LogoutPage = lazyPage(() => import('../../features/auth/components/LogoutPage.tsx'), 'LogoutPage');
const DashboardPage = lazyPage(
  () => import('../../features/dashboard/components/DashboardPage.tsx'),
  'DashboardPage',
);
const GlobalDashboardPage = lazyPage(
  () => import('../../features/dashboard/components/GlobalDashboardPage.tsx'),
  'GlobalDashboardPage',
);
const UserDashboardPage = lazyPage(
  () => import('../../features/dashboard/components/UserDashboardPage.tsx'),
  'UserDashboardPage',
);
const FeedbackPage = lazyPage(
  () => import('../../features/feedback/components/FeedbackPage.tsx'),
  'FeedbackPage',
);
const CustomerFirmwarePage = lazyPage(
  () => import('../../features/firmware/components/CustomerFirmwarePage.tsx'),
  'CustomerFirmwarePage',
);
const GatewayFirmwarePage = lazyPage(
  () => import('../../features/firmware/components/GatewayFirmwarePage.tsx'),
  'GatewayFirmwarePage',
);
const GatewayOsPage = lazyPage(
  () => import('../../features/firmware/components/GatewayOsPage.tsx'),
  'GatewayOsPage',
);
const GatewaysPage = lazyPage(
  () => import('../../features/gateways/components/GatewaysPage.tsx'),
  'GatewaysPage',
);
const GlobalSearchPage = lazyPage(
  () => import('../../features/global-search/components/GlobalSearchPage.tsx'),
  'GlobalSearchPage',
);
const ChangePasswordPage = lazyPage(
  () => import('../../features/identity/components/ChangePasswordPage.tsx'),
  'ChangePasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../../features/identity/components/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
const PortalConfigPage = lazyPage(
  () => import('../../features/portal-config/components/PortalConfigPage.tsx'),
  'PortalConfigPage',
);
const PortalUsersPage = lazyPage(
  () => import('../../features/portal-users/components/PortalUsersPage.tsx'),
  'PortalUsersPage',
);
const CustomersPage = lazyPage(
  () => import('../../features/tenants/components/CustomersPage.tsx'),
  'CustomersPage',
);
const ThemeConfigPage = lazyPage(
  () => import('../../features/theme-config/components/ThemeConfigPage.tsx'),
  'ThemeConfigPage',
);

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
