import { gatewayList, getGatewaysQuery } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { GatewaysQuery } from './gateways.query.ts';

export const gatewaysRoutes: FastifyPluginAsyncZod<{ query: GatewaysQuery }> = async (app, { query }) => {
  app.get(
    '/api/gateway/get-gateways',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags: ['gateways'],
        summary: 'Gateways of a customer and its sub-customers, with their latest sample',
        querystring: getGatewaysQuery,
        response: { 200: gatewayList },
      },
    },
    async (request) => query.listForScope(principalOf(request), request.query.scopeId),
  );
};
