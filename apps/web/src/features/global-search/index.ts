/** The global search: its page, and the gateway-name filter it links the gateway list to. */

export { GlobalSearchPage } from './pages.ts';
export { GATEWAY_NAME_PARAM, matchesGatewayName } from './search-rules.ts';
