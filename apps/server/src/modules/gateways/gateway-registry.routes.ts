import {
  assignScopeParams,
  deleteOfflineGatewaysBody,
  deleteOfflineGatewaysResult,
  migrateGatewayBody,
  registerGatewayBody,
  registerGatewayResult,
  registryResult,
  updateGatewayBody,
  updateGatewayParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { GatewayRegistryService } from './gateway-registry.service.ts';

/** Registration, edit, moves and deletion of offline gateways: the spec's paths (001 section 7), as written. */
export const gatewayRegistryRoutes: FastifyPluginAsyncZod<{ registry: GatewayRegistryService }> = async (
  app,
  { registry },
) => {
  const write = { access: 'IOT_DEVICE_WRITE' as const };
  const migrate = { access: 'IOT_DEVICE_SCOPE_MIGRATE' as const };
  const tags = ['gateway registry'];

  app.put(
    '/api/gateway/register-gateway',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Registers a gateway: creates the record or completes an unregistered one (REG 0 -> 1); answers its new device credential once',
        body: registerGatewayBody,
        response: { 200: registerGatewayResult },
      },
    },
    async (request) => registry.register(principalOf(request), request.body),
  );

  app.put(
    '/api/update-gateway/:MAC',
    {
      config: write,
      schema: {
        tags,
        summary: "Changes a gateway's name, address, manufactured date, tags or customer",
        params: updateGatewayParams,
        body: updateGatewayBody,
        response: { 200: registryResult },
      },
    },
    async (request) => registry.update(principalOf(request), request.params.MAC, request.body),
  );

  app.post(
    '/api/gateway/:id/assign-scope/:scopeId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Moves an unregistered gateway to another customer (Change Customer)',
        params: assignScopeParams,
        response: { 200: registryResult },
      },
    },
    async (request) => registry.assignScope(principalOf(request), request.params.id, request.params.scopeId),
  );

  app.post(
    '/api/migrateGateway',
    {
      config: migrate,
      schema: {
        tags,
        summary: 'Moves a gateway to another customer',
        body: migrateGatewayBody,
        response: { 200: registryResult },
      },
    },
    async (request) => registry.migrate(principalOf(request), request.body.deviceId, request.body.scopeId),
  );

  app.put(
    '/api/deleteOfflineGateways',
    {
      config: migrate,
      schema: {
        tags,
        summary: 'Deletes offline gateways and their data; online ones are refused',
        body: deleteOfflineGatewaysBody,
        response: { 200: deleteOfflineGatewaysResult },
      },
    },
    async (request) =>
      registry.deleteOffline(
        principalOf(request),
        request.body.offlineGateways,
        request.body.scopeId,
        request.body.select,
      ),
  );
};
