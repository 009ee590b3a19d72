import { lazyPage } from '../../lib/lazy-page.ts';

/** The feature's pages, each loaded when its route is first drawn (lib/lazy-page.ts); index.ts exports them. */
export const CustomersPage = lazyPage(() => import('./components/CustomersPage.tsx'), 'CustomersPage');
