import { lazyPage } from '../../lib/lazy-page.ts';

/** The feature's pages, each loaded when its route is first drawn (lib/lazy-page.ts); index.ts exports them. */
export const CustomerFirmwarePage = lazyPage(
  () => import('./components/CustomerFirmwarePage.tsx'),
  'CustomerFirmwarePage',
);
export const GatewayFirmwarePage = lazyPage(
  () => import('./components/GatewayFirmwarePage.tsx'),
  'GatewayFirmwarePage',
);
export const GatewayOsPage = lazyPage(() => import('./components/GatewayOsPage.tsx'), 'GatewayOsPage');
