import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const DashboardPage = lazyPage(() => import('./components/DashboardPage.tsx'), 'DashboardPage');
export const GlobalDashboardPage = lazyPage(
  () => import('./components/GlobalDashboardPage.tsx'),
  'GlobalDashboardPage',
);
export const UserDashboardPage = lazyPage(
  () => import('./components/UserDashboardPage.tsx'),
  'UserDashboardPage',
);
