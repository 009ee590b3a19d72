import { z } from 'zod';

/**
 * POST /api/gateway/provision: new gateways (random, locally administered MACs) in a customer, with the
 * credential each connects with, shown once. The HTTP form of `npm run provision -w @portal/server`.
 */
export const MAX_PROVISIONED_AT_ONCE = 100;

export const provisionGatewaysBody = z.object({
  scopeId: z.string().uuid(),
  count: z.number().int().min(1).max(MAX_PROVISIONED_AT_ONCE),
  /** Each gateway is named '{name} {last 4 MAC digits}'. */
  name: z.string().trim().min(1).max(30).default('Gateway'),
});
export type ProvisionGatewaysBody = z.infer<typeof provisionGatewaysBody>;

export const provisionedGateway = z.object({ mac: z.string(), password: z.string(), scopeId: z.string() });
export type ProvisionedGateway = z.infer<typeof provisionedGateway>;
export const provisionedGateways = z.array(provisionedGateway);
