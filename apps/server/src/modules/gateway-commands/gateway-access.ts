import { gatewayCommandMessages } from '@portal/contract';
import type { Gateway } from '../../db/schema.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';

/** What the command services need from the rest of the portal (narrow, so tests and wiring stay simple). */
export interface ReachableGateways {
  /** The gateway, or a 404 when it is outside the principal's reach (or does not exist). */
  reachableGateway(principal: Principal, mac: string): Promise<Gateway>;
}

export interface UserDirectory {
  sessionUser(principal: Principal): Promise<{ email: string }>;
}

export type { DevicePublisher } from '../../lib/live.ts';

export function assertOnline(gateway: Gateway): void {
  if (!gateway.connected) throw new AppError('CONFLICT', gatewayCommandMessages.offline);
}

export function assertPermission(principal: Principal, permission: string): void {
  if (!principal.permissions.has(permission)) throw forbidden();
}

/** The lock engine's state the gateway last reported (`state.currentState`), if any. */
export function engineState(gateway: Gateway): string | undefined {
  const live = gateway.state.state;
  if (live && typeof live === 'object' && 'currentState' in live) {
    const current = (live as { currentState?: unknown }).currentState;
    return typeof current === 'string' ? current : undefined;
  }
  return undefined;
}

export const device = (gateway: Gateway) => ({ mac: gateway.mac, tenantId: gateway.tenant_id });
