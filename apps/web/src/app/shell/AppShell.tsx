import { Box, Toolbar, useMediaQuery } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CenteredProgress } from '../../components/CenteredProgress.tsx';
import { useUserLanguage } from '../../lib/i18n/index.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { useLiveConnection } from '../../lib/mqtt.ts';
import { useSession } from '../../lib/session.ts';
import { type NavBand, navCollapsed, PHONE_BELOW_PX, WIDE_FROM_PX } from '../nav-layout.ts';
import { SideNav } from './SideNav.tsx';
import { TenantContextBar } from './TenantContextBar.tsx';
import { TopBar } from './TopBar.tsx';
import { useIdleLogout } from './use-idle-logout.ts';
import { useLiveTenant } from './use-live-tenant.ts';
import { useRefreshUserDetails } from './use-refresh-user-details.ts';
import { useViewedTenant } from './use-viewed-tenant.ts';

/** Loaded a minute before the idle sign-out, the first time it is due (most visits never need it). */
const IdleWarningDialog = lazyPage(() => import('./IdleWarningDialog.tsx'), 'IdleWarningDialog');

/** The side navigation's state at this width (app/nav-layout.ts); a phone's drawer closes on navigation. */
function useNavLayout() {
  const phone = useMediaQuery(`(max-width:${PHONE_BELOW_PX - 0.02}px)`, { noSsr: true });
  const wide = useMediaQuery(`(min-width:${WIDE_FROM_PX}px)`, { noSsr: true });
  const band: NavBand = phone ? 'phone' : wide ? 'wide' : 'narrow';
  const [choice, setChoice] = useState<{ band: NavBand; collapsed: boolean } | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname, search]);
  const collapsed = navCollapsed(band, choice);
  return {
    phone,
    collapsed,
    drawerOpen,
    expanded: phone ? drawerOpen : !collapsed,
    closeDrawer: () => setDrawerOpen(false),
    toggle: () => (phone ? setDrawerOpen((open) => !open) : setChoice({ band, collapsed: !collapsed })),
  };
}

/**
 * The signed-in frame: top bar, side navigation and the current view; owns the live connection and follows
 * live changes of the tenant being viewed (name, logo, colours).
 */
export function AppShell() {
  const { userLoggedIn, user } = useSession();
  const nav = useNavLayout();
  useUserLanguage(user?.language);
  useRefreshUserDetails(userLoggedIn);
  useLiveConnection(userLoggedIn);
  const idle = useIdleLogout();
  // Once shown, the warning stays mounted so that it closes with its transition.
  const [warned, setWarned] = useState(false);
  if (idle.signOutAt !== null && !warned) setWarned(true);
  useViewedTenant();
  useLiveTenant();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar navExpanded={nav.expanded} onToggleNav={nav.toggle} />
      <SideNav {...nav} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
        <Toolbar />
        <TenantContextBar />
        <Suspense fallback={<CenteredProgress />}>
          <Outlet />
        </Suspense>
      </Box>
      {warned && (
        <Suspense fallback={null}>
          <IdleWarningDialog {...idle} />
        </Suspense>
      )}
    </Box>
  );
}
