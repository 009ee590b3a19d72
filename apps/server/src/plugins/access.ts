import type { RouteAccess } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { SESSION_ABSOLUTE_MS } from '../lib/session-lifetime.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a permission code, 'authenticated' or 'public'. Required on every route. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const SESSION_COOKIE = 'sid';

/** The session cookie every way of signing in sets (password and code, or a social login). */
export function setSessionCookie(reply: FastifyReply, sessionId: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The principal of a request that passed the access hook. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * Deny by default: a route registered after this plugin without `config.access` stops the start-up.
 * One hook then loads the session and checks the declared permission.
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    options: { resolveSession: (sessionId: string) => Promise<Principal | null> },
  ) => {
    app.decorateRequest('principal', null);

    app.addHook('onRoute', (route) => {
      if (!route.config?.access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access (config.access): refused`);
      }
    });

    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access === 'public') return;
      const sessionId = request.cookies[SESSION_COOKIE];
      const principal = sessionId ? await options.resolveSession(sessionId) : null;
      if (!principal) throw unauthorized();
      if (UNSAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
        throw new AppError('FORBIDDEN', 'Cross-origin request refused');
      }
      request.principal = principal;
      if (access !== 'authenticated' && !principal.permissions.has(access)) throw forbidden();
    });
  },
);

/** State-changing calls must come from the portal's own pages (the cookie is SameSite=Lax as well). */
function isSameOrigin(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
