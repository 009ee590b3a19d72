import { lazyPage } from '../../lib/lazy-page.ts';

/** The routed pages, each loaded with its route (lib/lazy-page.ts): what app/routes takes from this feature. */
export const PortalUsersPage = lazyPage(() => import('./components/PortalUsersPage.tsx'), 'PortalUsersPage');
