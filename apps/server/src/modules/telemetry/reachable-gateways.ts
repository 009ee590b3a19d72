import type { RawBuilder } from 'kysely';
import type { Principal } from '../../lib/principal.ts';

/** What the telemetry read calls ask the gateways module: the gateway, or a 404 outside the caller's reach. */
export interface ReachableGateways {
  reachableGateway(principal: Principal, mac: string): Promise<{ mac: string }>;
  /** The same check as a condition of a telemetry statement: true when the gateway exists and is reached. */
  reachCondition(principal: Principal, mac: string): RawBuilder<boolean>;
}
