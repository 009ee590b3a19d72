/** What others may use of this feature: its pages, each loaded with its route (pages.ts). */
export { DashboardPage, GlobalDashboardPage, UserDashboardPage } from './pages.ts';
