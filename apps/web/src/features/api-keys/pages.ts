import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const ApiKeysPage = lazyPage(() => import('./components/ApiKeysPage.tsx'), 'ApiKeysPage');
