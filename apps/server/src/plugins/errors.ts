import { type ErrorEnvelope, serverMessages } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own words for a body over its `bodyLimit` (413), e.g. the bulk import's size cap. */
    bodyTooLargeMessage?: string;
  }
}

/** Every failure leaves as `{ code, message, details? }`; a 5xx never carries internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorEnvelope;
    if (error instanceof AppError) {
      status = error.status;
      body = { code: error.code, message: error.message, details: error.details };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        code: 'VALIDATION_ERROR',
        // The first rule broken, in the contract's words (the spec's message where it gives one).
        message: error.validation[0]?.message ?? serverMessages.validationFailed,
        details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      };
    } else if (error.statusCode === 413) {
      status = 413;
      body = {
        code: 'PAYLOAD_TOO_LARGE',
        message: request.routeOptions.config?.bodyTooLargeMessage ?? serverMessages.bodyTooLarge,
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = status === 401 ? 'UNAUTHORIZED' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      body = { code, message: error.message };
    } else {
      status = error.statusCode === 503 ? 503 : 500;
      body =
        status === 503
          ? { code: 'UNAVAILABLE', message: serverMessages.unavailable }
          : { code: 'INTERNAL', message: serverMessages.internal };
      request.log.error({ err: error }, 'request failed');
    }
    if (body.details === undefined) delete body.details;
    // A refusal that says when to come back (an API quota, docs/quotas.md) says it in the header too.
    const retryAfter = (body.details as { retryAfter?: unknown } | undefined)?.retryAfter;
    if (status === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorEnvelope = {
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${request.url} not found`,
    };
    return reply.status(404).send(body);
  });
});
