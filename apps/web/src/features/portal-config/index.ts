/** The portal configuration: its page, and a customer's graph option the charts use. */
export { graphOptionFor } from './graph-option.ts';
export { PortalConfigPage } from './pages.ts';
