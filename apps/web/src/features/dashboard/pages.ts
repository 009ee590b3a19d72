import { lazyPage } from '../../lib/lazy-page.ts';

/** The feature's pages, each loaded when its route is first drawn (lib/lazy-page.ts); index.ts exports them. */
export const DashboardPage = lazyPage(() => import('./components/DashboardPage.tsx'), 'DashboardPage');
export const GlobalDashboardPage = lazyPage(
  () => import('./components/GlobalDashboardPage.tsx'),
  'GlobalDashboardPage',
);
export const UserDashboardPage = lazyPage(
  () => import('./components/UserDashboardPage.tsx'),
  'UserDashboardPage',
);
