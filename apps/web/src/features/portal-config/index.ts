/** What other features may use of the portal configuration (its page is in pages.ts): a customer's graph option. */
export { graphOptionFor } from './graph-option.ts';
