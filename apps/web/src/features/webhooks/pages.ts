import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const WebhooksPage = lazyPage(() => import('./components/WebhooksPage.tsx'), 'WebhooksPage');
