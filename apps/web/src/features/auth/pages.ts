import { lazyPage } from '../../lib/lazy-page.ts';

/** The sign-in pages: the login page comes with the app (it is the first thing drawn), the rest with their route. index.ts exports them. */
export { LoginPage } from './components/LoginPage.tsx';
export const LogoutPage = lazyPage(() => import('./components/LogoutPage.tsx'), 'LogoutPage');
