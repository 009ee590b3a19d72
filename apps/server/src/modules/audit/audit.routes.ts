import { auditPage, auditQuery, DEFAULT_LANGUAGE, preferredLanguage } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.ts';
import type { AuditService } from './audit.service.ts';

/**
 * The language the sentences are told in: the caller's Accept-Language (the web app sends the language it
 * shows, the user's choice), else English, so the public API answers in English unless asked otherwise.
 */
const languageOf = (request: FastifyRequest) =>
  preferredLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;

/**
 * The Activity screen (docs/audit.md): SCOPE_READ, the customer administrators' read permission; members of the
 * free tier (which holds it by the sign-up preset) are refused by the service.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/api/audit',
    {
      config: { access: 'SCOPE_READ' },
      schema: {
        tags: ['audit'],
        summary: 'Changes made through the portal, newest first, filtered by who, what, target and time',
        querystring: auditQuery,
        response: { 200: auditPage },
      },
    },
    async (request) => audit.page(principalOf(request), request.query, languageOf(request)),
  );

  app.get(
    '/api/audit/csv',
    {
      config: { access: 'SCOPE_READ' },
      schema: {
        tags: ['audit'],
        summary: 'Activity.csv: the same rows, unpaged (at most 10000)',
        querystring: auditQuery,
      },
    },
    async (request, reply) => {
      const csv = await audit.csv(principalOf(request), request.query, languageOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="Activity.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
