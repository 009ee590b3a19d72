import { provisionedGateways, provisionGatewaysBody } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { GatewaysService } from '../gateways/index.ts';
import type { TenantsService } from '../tenants/index.ts';
import { provisionGateways } from './provisioning.service.ts';

/** POST /api/gateway/provision [GENERATE_GATEWAY_TOKEN]: the HTTP form of the provisioning CLI. */
export const provisioningRoutes: FastifyPluginAsyncZod<{
  tenants: TenantsService;
  gateways: GatewaysService;
}> = async (app, deps) => {
  app.post(
    '/api/gateway/provision',
    {
      config: { access: 'GENERATE_GATEWAY_TOKEN' },
      schema: {
        tags: ['gateways'],
        summary: 'New gateways in a customer, with the credential each connects with (shown once)',
        body: provisionGatewaysBody,
        response: { 200: provisionedGateways },
      },
    },
    async (request) => provisionGateways(deps, principalOf(request), request.body),
  );
};
