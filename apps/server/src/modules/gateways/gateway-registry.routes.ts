import {
  assignScopeParams,
  deleteOfflineGatewaysBody,
  deleteOfflineGatewaysResult,
  migrateGatewayBody,
  registerGatewayBody,
  registerGatewayResult,
  registryResult,
  rotateCredentialParams,
  rotateCredentialResult,
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

  app.post(
    '/api/gateway/:id/rotate-credential',
    {
      config: { access: 'GENERATE_GATEWAY_TOKEN' as const },
      schema: {
        tags,
        summary:
          "Issues a new device credential (MQTT password) for a gateway, answered once; the previous one stops working at once and the gateway's connection is dropped (embedded broker)",
        description:
          'Needs GENERATE_GATEWAY_TOKEN (as provisioning). `id` is the gateway id or its MAC; a gateway out of reach answers 404 and nothing changes. Behind an external broker (MQTT_URL) the broker authenticates gateways: change the credential there too (docs/gateway-operations.md).',
        params: rotateCredentialParams,
        response: { 200: rotateCredentialResult },
      },
    },
    async (request) => registry.rotateCredential(principalOf(request), request.params.id),
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
