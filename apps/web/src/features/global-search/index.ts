/** What other features may use of the global search (its page is in pages.ts): the gateway-name filter it links to. */
export { GATEWAY_NAME_PARAM, matchesGatewayName } from './search-rules.ts';
