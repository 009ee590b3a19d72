import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const CustomerFirmwarePage = lazyPage(
  () => import('./components/CustomerFirmwarePage.tsx'),
  'CustomerFirmwarePage',
);
export const GatewayFirmwarePage = lazyPage(
  () => import('./components/GatewayFirmwarePage.tsx'),
  'GatewayFirmwarePage',
);
export const GatewayOsPage = lazyPage(() => import('./components/GatewayOsPage.tsx'), 'GatewayOsPage');
