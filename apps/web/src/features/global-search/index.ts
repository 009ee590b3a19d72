/** What other features may use of the global search (its page is in pages.ts): its gateway-name filter. */

export { GATEWAY_NAME_PARAM } from './search-rules.ts';
