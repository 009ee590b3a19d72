import { lazyPage } from '../../lib/lazy-page.ts';

/** This feature's page, which app/routes takes from here; it loads when /cli/UserDashboard is first drawn. */
export const GraphGeneratorPage = lazyPage(
  () => import('./components/GraphGeneratorPage.tsx'),
  'GraphGeneratorPage',
);
