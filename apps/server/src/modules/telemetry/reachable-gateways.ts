import type { Principal } from '../../lib/principal.ts';

/** What the telemetry read calls ask the gateways module: the gateway, or a 404 outside the caller's reach. */
export interface ReachableGateways {
  reachableGateway(principal: Principal, mac: string): Promise<{ mac: string }>;
}
