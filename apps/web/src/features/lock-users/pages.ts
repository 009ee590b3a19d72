import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const LockUsersPage = lazyPage(() => import('./components/LockUsersPage.tsx'), 'LockUsersPage');
export const LockUserResetPasswordPage = lazyPage(
  () => import('./components/LockUserResetPasswordPage.tsx'),
  'LockUserResetPasswordPage',
);
