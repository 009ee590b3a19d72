import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const ChangePasswordPage = lazyPage(
  () => import('./components/ChangePasswordPage.tsx'),
  'ChangePasswordPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('./components/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
