import { graphConfigurations, graphOption, messageResponse, portalConfigMessages } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.ts';
import type { PortalConfigService } from './portal-config.service.ts';

/** 'on', 'ON' and 'On' all mean On. */
const graphOptionParam = z
  .string()
  .max(10)
  .transform((value) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase())
  .pipe(graphOption);

/** Portal Configuration calls of spec 000 section 7, paths as written. */
export const portalConfigRoutes: FastifyPluginAsyncZod<{ portalConfig: PortalConfigService }> = async (
  app,
  { portalConfig },
) => {
  app.get(
    '/api/iotdevices/configurations',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['portal-config'],
        summary: 'Graph online-offline setting of every reachable scope (Off when never set)',
        response: { 200: graphConfigurations },
      },
    },
    async (request) => portalConfig.list(principalOf(request)),
  );

  app.post(
    '/api/iotdevices/:graphOption/scopeId/:id',
    {
      config: { access: 'IOT_DEVICE_SCOPE_MIGRATE' },
      schema: {
        tags: ['portal-config'],
        summary: "Turn a reachable scope's grey offline areas on graphs On or Off",
        params: z.object({ graphOption: graphOptionParam, id: z.string().min(1).max(100) }),
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await portalConfig.set(principalOf(request), request.params.id, request.params.graphOption);
      return { message: portalConfigMessages.applied };
    },
  );
};
