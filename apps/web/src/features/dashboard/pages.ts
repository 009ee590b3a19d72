import { lazyPage } from '../../lib/lazy-page.ts';
import { sessionStore } from '../../lib/session.ts';

const loadGlobalDashboard = () => import('./components/GlobalDashboardPage.tsx');

/** This feature's pages, which app/routes takes from here; each loads when its route is first drawn. */
export const DashboardPage = lazyPage(() => import('./components/DashboardPage.tsx'), 'DashboardPage');
export const GlobalDashboardPage = lazyPage(loadGlobalDashboard, 'GlobalDashboardPage');

/**
 * The portal opened on the Global Dashboard (a reload, a bookmark, signed in): its page's code is asked for with
 * the app's own instead of once the shell around it has loaded and drawn; its module then starts the page's calls
 * (GlobalDashboardPage.tsx, docs/dashboards.md 'First render'). Nothing is loaded early on any other address.
 */
if (
  typeof window !== 'undefined' &&
  sessionStore.get().userLoggedIn &&
  window.location.hash.replace(/^#/, '').split('?')[0] === '/cli/globalDashboard'
)
  loadGlobalDashboard().catch(() => undefined); // the route's own load reports a failure
