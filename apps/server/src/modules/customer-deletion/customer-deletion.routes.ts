import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import {
  customerIdParams,
  customerStatusResponse,
  deletionJob,
  movedGatewaysResponse,
  moveGatewaysParams,
  removedTenantResponse,
  removedUsersResponse,
  updateCustomerStatusBody,
} from './customer-deletion.schemas.ts';
import type { CustomerDeletionService } from './customer-deletion.service.ts';

/**
 * Customer deletion (spec 000 section 4): one call starts the resumable job; the spec's step calls stay
 * available one by one, paths as written (the gateway move, unnamed there, is ours).
 */
export const customerDeletionRoutes: FastifyPluginAsyncZod<{ deletion: CustomerDeletionService }> = async (
  app,
  { deletion },
) => {
  const access = { access: 'SCOPE_DELETE' as const };
  const tags = ['customers'];

  app.post(
    '/api/customers/:id/deletion',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Delete a customer: mark it DELETE_PENDING, delete its users, move its gateways to the root ' +
          'customer, delete it. Runs in the background (progress on the scopes channel); a running ' +
          'deletion of the same customer is answered instead of a new one',
        params: customerIdParams,
        response: { 202: deletionJob },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await deletion.start(principalOf(request), request.params.id)),
  );

  app.get(
    '/api/customers/:id/deletion',
    {
      config: { access: 'SCOPE_READ' },
      schema: {
        tags,
        summary: "The customer's latest deletion and how it went",
        params: customerIdParams,
        response: { 200: deletionJob },
      },
    },
    async (request) => deletion.latest(principalOf(request), request.params.id),
  );

  app.put(
    '/api/updateCustomerStatus/id/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Deletion step 1 (DELETE_PENDING), or its revert (Active)',
        params: customerIdParams,
        body: updateCustomerStatusBody,
        response: { 200: customerStatusResponse },
      },
    },
    async (request) => deletion.setStatus(principalOf(request), request.params.id, request.body.status),
  );

  app.delete(
    '/api/removeTenantPortalUsers-by-scope/id/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Deletion step 2: delete the users of a DELETE_PENDING customer',
        params: customerIdParams,
        response: { 200: removedUsersResponse },
      },
    },
    async (request) => deletion.removeUsers(principalOf(request), request.params.id),
  );

  app.put(
    '/api/moveGatewaysToRoot/id/:id/rootId/:rootId',
    {
      config: access,
      schema: {
        tags,
        summary: 'Deletion step 3: move the gateways of a DELETE_PENDING customer to the root customer',
        params: moveGatewaysParams,
        response: { 200: movedGatewaysResponse },
      },
    },
    async (request) => deletion.moveGateways(principalOf(request), request.params.id, request.params.rootId),
  );

  app.delete(
    '/api/removeTenant/id/:id',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Deletion step 4: delete a DELETE_PENDING customer that has no users, gateways or sub-customers',
        params: customerIdParams,
        response: { 200: removedTenantResponse },
      },
    },
    async (request) => deletion.removeTenant(principalOf(request), request.params.id),
  );
};
