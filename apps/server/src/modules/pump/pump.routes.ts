import {
  gatewayMacParams,
  pumpCommandAccepted,
  pumpCommandBody,
  pumpDashboard,
  pumpDashboardQuery,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { PumpService } from './pump.service.ts';

/** The demo pump dashboard's calls (ours: the spec shows the screen, not its calls; docs/dashboards.md). */
export const pumpRoutes: FastifyPluginAsyncZod<{ pump: PumpService }> = async (app, { pump }) => {
  const tags = ['dashboards'];

  app.get(
    '/api/dashboards/pump',
    {
      config: { access: 'IOT_DEVICE_READ' },
      schema: {
        tags,
        summary:
          "The scope's dashboard variant and, for the pump demo, its gateways with a pump and their last readings",
        querystring: pumpDashboardQuery,
        response: { 200: pumpDashboard },
      },
    },
    async (request) => pump.dashboard(principalOf(request), request.query.scopeId),
  );

  app.post(
    '/api/gateway/:mac/pump',
    {
      config: { access: 'IOT_DEVICE_WRITE' },
      schema: {
        tags,
        summary:
          'Switches the demo pump on for 1-60 seconds, or off (PUMP on gateways/{tenant}/command/{mac})',
        params: gatewayMacParams,
        body: pumpCommandBody,
        response: { 200: pumpCommandAccepted },
      },
    },
    async (request) => pump.command(principalOf(request), request.params.mac, request.body),
  );
};
