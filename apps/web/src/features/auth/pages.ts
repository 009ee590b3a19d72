import { lazyPage } from '../../lib/lazy-page.ts';

/**
 * The sign-in pages, which app/routes takes from here: the login page comes with the app (it is the first thing
 * drawn), the others load with their route (lib/lazy-page.ts).
 */
export { LoginPage } from './components/LoginPage.tsx';
export const LogoutPage = lazyPage(() => import('./components/LogoutPage.tsx'), 'LogoutPage');
