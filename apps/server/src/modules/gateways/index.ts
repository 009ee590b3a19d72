export { gatewayLatitude, gatewayLongitude } from './gateway-dashboard-filters.ts';
export type { GatewayRegistryService } from './gateway-registry.service.ts';
export { tenantGateways, unregisteredGateway } from './gateways.ports.ts';
export type { GatewayVersionsPort } from './gateways.query.ts';
export type { GatewaysService } from './gateways.service.ts';
export { createGatewaysModule } from './gateways.wiring.ts';
