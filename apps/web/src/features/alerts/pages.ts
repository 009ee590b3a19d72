import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const AlertsPage = lazyPage(() => import('./components/AlertsPage.tsx'), 'AlertsPage');
export const IncidentsPage = lazyPage(() => import('./components/IncidentsPage.tsx'), 'IncidentsPage');
