import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { runWithAuditContext } from '../lib/audit-context.ts';

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Runs the handler of every state-changing route inside its audit context (docs/audit.md): the signed-in
 * user and tenant (none on public calls such as sign-up), the route, the request id and the client address.
 * Every statement the handler's services run, transactions included, is then recorded by the audit trigger.
 * Register before the modules' routes.
 */
export const auditContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => CHANGING.has(method))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function audited(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (!CHANGING.has(request.method)) return handler.call(this, request, reply);
      const principal = request.principal;
      return runWithAuditContext(
        {
          userId: principal?.userId ?? null,
          tenantId: principal?.tenantId ?? null,
          // A call made with an API key names it (docs/api-keys.md): 'POST /api/... (API key iotp_1a2b3c4d)'.
          action: `${request.method} ${request.routeOptions.url ?? route.url}${
            principal?.apiKey ? ` (API key ${principal.apiKey.prefix})` : ''
          }`,
          requestId: String(request.id),
          address: request.ip,
        },
        () => handler.call(this, request, reply),
      );
    } as typeof route.handler;
  });
});
