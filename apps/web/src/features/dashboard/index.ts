/** What other features may use of the dashboards (the pages are in pages.ts): where their numbers lead. */
export { gatewaysLink } from './dashboard-links.ts';
