import { randomBytes } from 'node:crypto';
import { gatewayRegistryMessages, type ProvisionedGateway, TENANT_KIND } from '@portal/contract';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { GatewaysService } from '../gateways/index.ts';
import type { TenantsService } from '../tenants/index.ts';

/**
 * New gateways with their credentials, for a customer the caller reaches (404 otherwise). MACs are drawn at
 * random with the locally administered prefix 02, so an existing gateway's credential is never replaced. The
 * free-tier scope and the support tenant are refused (409), as they are for registering or moving a gateway:
 * their members are strangers to each other, so a gateway there would be every member's.
 */
export async function provisionGateways(
  deps: { tenants: TenantsService; gateways: GatewaysService },
  principal: Principal,
  request: { scopeId: string; count: number; name: string },
): Promise<ProvisionedGateway[]> {
  const scope = await deps.tenants.scopeWithin(principal, request.scopeId);
  if (scope.kind === TENANT_KIND.freeTier || scope.kind === TENANT_KIND.support) {
    throw new AppError('CONFLICT', gatewayRegistryMessages.notAProvisionTarget);
  }
  const provisioned: ProvisionedGateway[] = [];
  for (let i = 0; i < request.count; i++) {
    const mac = `02${randomBytes(5).toString('hex').toUpperCase()}`;
    const { password } = await deps.gateways.provision(scope.id, mac, `${request.name} ${mac.slice(-4)}`);
    provisioned.push({ mac, password, scopeId: scope.id });
  }
  return provisioned;
}
