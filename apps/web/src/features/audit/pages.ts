import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const ActivityPage = lazyPage(() => import('./components/ActivityPage.tsx'), 'ActivityPage');
