import { Box, Toolbar, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useLiveConnection } from '../../lib/mqtt.ts';
import { useSession } from '../../lib/session.ts';
import { IdleWarningDialog } from './IdleWarningDialog.tsx';
import { SideNav } from './SideNav.tsx';
import { TenantContextBar } from './TenantContextBar.tsx';
import { TopBar } from './TopBar.tsx';
import { useIdleLogout } from './use-idle-logout.ts';
import { useLiveTenant } from './use-live-tenant.ts';
import { useRefreshUserDetails } from './use-refresh-user-details.ts';
import { useViewedTenant } from './use-viewed-tenant.ts';

/**
 * The signed-in frame: top bar, side navigation and the current view; owns the live connection and follows
 * live changes of the tenant being viewed (name, logo, colours).
 */
export function AppShell() {
  const { userLoggedIn } = useSession();
  const narrowScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [navCollapsed, setNavCollapsed] = useState(narrowScreen);
  useRefreshUserDetails(userLoggedIn);
  useLiveConnection(userLoggedIn);
  const idle = useIdleLogout();
  useViewedTenant();
  useLiveTenant();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar navCollapsed={navCollapsed} onToggleNav={() => setNavCollapsed((collapsed) => !collapsed)} />
      <SideNav collapsed={navCollapsed} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: 3 }}>
        <Toolbar />
        <TenantContextBar />
        <Outlet />
      </Box>
      <IdleWarningDialog {...idle} />
    </Box>
  );
}
