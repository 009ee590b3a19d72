import { lazyPage } from '../../lib/lazy-page.ts';

/** The routed pages, each loaded with its route (lib/lazy-page.ts): what app/routes takes from this feature. */
export const CustomerFirmwarePage = lazyPage(
  () => import('./components/CustomerFirmwarePage.tsx'),
  'CustomerFirmwarePage',
);
export const GatewayFirmwarePage = lazyPage(
  () => import('./components/GatewayFirmwarePage.tsx'),
  'GatewayFirmwarePage',
);
export const GatewayOsPage = lazyPage(() => import('./components/GatewayOsPage.tsx'), 'GatewayOsPage');
