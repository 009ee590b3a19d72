import { lazyPage } from '../../lib/lazy-page.ts';

/** The routed pages, each loaded with its route (lib/lazy-page.ts): what app/routes takes from this feature. */
export const DashboardPage = lazyPage(() => import('./components/DashboardPage.tsx'), 'DashboardPage');
export const GlobalDashboardPage = lazyPage(
  () => import('./components/GlobalDashboardPage.tsx'),
  'GlobalDashboardPage',
);
export const UserDashboardPage = lazyPage(
  () => import('./components/UserDashboardPage.tsx'),
  'UserDashboardPage',
);
