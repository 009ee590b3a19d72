import {
  apiKey,
  apiKeyList,
  apiKeyParams,
  apiKeysQuery,
  createApiKeyBody,
  createdApiKey,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** Ours (issue 31, docs/api-keys.md): a customer's API keys, managed from a signed-in session only. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  const manage = { access: 'API_KEY_WRITE' as const, sessionOnly: true };

  app.get(
    '/api/api-keys',
    {
      config: manage,
      schema: {
        tags: ['api-keys'],
        summary: "A customer's API keys, newest first (the caller's own customer, or scopeId within reach)",
        querystring: apiKeysQuery,
        response: { 200: apiKeyList },
      },
    },
    async (request) => apiKeys.list(principalOf(request), request.query.scopeId),
  );

  app.post(
    '/api/api-keys',
    {
      config: manage,
      schema: {
        tags: ['api-keys'],
        summary:
          "A new API key of the caller's own customer, acting as the caller with permissions it holds; the secret is in this answer only",
        body: createApiKeyBody,
        response: { 201: createdApiKey },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await apiKeys.create(principalOf(request), request.body)),
  );

  app.post(
    '/api/api-keys/:id/revoke',
    {
      config: manage,
      schema: {
        tags: ['api-keys'],
        summary:
          'Revoke an API key of a customer within reach: refused from the next call on, on every instance',
        params: apiKeyParams,
        response: { 200: apiKey },
      },
    },
    async (request) => apiKeys.revoke(principalOf(request), request.params.id),
  );
};
