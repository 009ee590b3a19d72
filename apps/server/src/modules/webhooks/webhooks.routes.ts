import {
  createWebhookBody,
  messageResponse,
  updateWebhookBody,
  webhook,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryList,
  webhookList,
  webhookMessages,
  webhookParams,
  webhooksQuery,
  webhookWithSecret,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * Ours (issue 31, docs/webhooks.md): a customer's outbound webhooks and their delivery log, for holders of
 * WEBHOOK_WRITE (a session or an API key with it).
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const config = { access: 'WEBHOOK_WRITE' as const };
  const tags = ['webhooks'];

  app.get(
    '/api/webhooks',
    {
      config,
      schema: {
        tags,
        summary: "A customer's webhooks (the caller's own customer, or scopeId within reach)",
        querystring: webhooksQuery,
        response: { 200: webhookList },
      },
    },
    async (request) => webhooks.list(principalOf(request), request.query.scopeId),
  );

  app.post(
    '/api/webhooks',
    {
      config,
      schema: {
        tags,
        summary:
          "A new webhook of the caller's customer (or scopeId within reach); the secret is in this answer only",
        body: createWebhookBody,
        response: { 201: webhookWithSecret },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(principalOf(request), request.body)),
  );

  app.get(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One webhook within reach',
        params: webhookParams,
        response: { 200: webhook },
      },
    },
    async (request) => webhooks.get(principalOf(request), request.params.id),
  );

  app.put(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "Change a webhook's name, URL, event types or enabled state (enabling resets the failure count)",
        params: webhookParams,
        body: updateWebhookBody,
        response: { 200: webhook },
      },
    },
    async (request) => webhooks.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log',
        params: webhookParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await webhooks.remove(principalOf(request), request.params.id);
      return { message: webhookMessages.deleted };
    },
  );

  app.post(
    '/api/webhooks/:id/enable',
    {
      config,
      schema: {
        tags,
        summary: 'Enable a disabled webhook again (the failure count starts again)',
        params: webhookParams,
        response: { 200: webhook },
      },
    },
    async (request) => webhooks.enable(principalOf(request), request.params.id),
  );

  app.post(
    '/api/webhooks/:id/rotate-secret',
    {
      config,
      schema: {
        tags,
        summary: 'A new secret, in this answer only; the previous one signs too for 24 hours',
        params: webhookParams,
        response: { 200: webhookWithSecret },
      },
    },
    async (request) => webhooks.rotateSecret(principalOf(request), request.params.id),
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        summary: 'Send a webhook.test event now; answers its delivery after the first attempt',
        params: webhookParams,
        response: { 200: webhookDelivery },
      },
    },
    async (request) => webhooks.sendTest(principalOf(request), request.params.id),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: "A webhook's newest deliveries (kept 7 days)",
        params: webhookParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryList },
      },
    },
    async (request) => webhooks.deliveries(principalOf(request), request.params.id, request.query.limit),
  );
};
