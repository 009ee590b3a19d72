import { apiKeyMessages, type RouteAccess, serverMessages } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { SESSION_ABSOLUTE_MS } from '../lib/session-lifetime.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a permission code, 'authenticated' or 'public'. Required on every route. */
    access?: RouteAccess;
    /**
     * Only a signed-in session may call the route, never an API key (docs/api-keys.md): the live channel's
     * token, the user's own password, 2FA and account, and the keys themselves.
     */
    sessionOnly?: boolean;
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

/** What the access hook tells of a call made with an API key, recorded as the key's use. */
export interface KeyUse {
  /** 'GET /api/gateways': the route. */
  action: string;
  requestId: string;
  address: string;
}

/** The OpenAPI names of the two ways to call (declared in http.ts). */
export const SECURITY_SCHEMES = { session: 'sessionCookie', apiKey: 'apiKey' } as const;

/**
 * Deny by default: a route registered after this plugin without `config.access` stops the start-up.
 * One hook then loads the session, or the API key of an `Authorization: Bearer` header, and checks the
 * declared permission. A key is the same principal as a session (tenant, reach, permissions), with the key's
 * permissions; it needs no same-origin check (a browser never sends it by itself, as it sends a cookie).
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      resolveSession: (sessionId: string) => Promise<Principal | null>;
      /** Without it (a test's bare app) every API key is refused. */
      resolveApiKey?: (key: string, use: KeyUse) => Promise<Principal | null>;
      /**
       * Counts the call against the caller's customer's API quota (docs/quotas.md); throws a 429 over it.
       * Without it (a test's bare app) calls are not counted.
       */
      countCall?: (principal: Principal) => Promise<void>;
    },
  ) => {
    app.decorateRequest('principal', null);

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access (config.access): refused`);
      }
      // The OpenAPI document says how each route may be called (read when /api/docs is asked for).
      if (route.schema && !route.schema.hide) {
        route.schema = { ...route.schema, security: securityOf(access, route.config?.sessionOnly) };
      }
    });

    app.addHook('preHandler', async (request) => {
      const { access, sessionOnly } = request.routeOptions.config;
      if (!access || access === 'public') return;
      const key = bearerKey(request);
      let principal: Principal | null;
      if (key !== undefined) {
        principal =
          key && options.resolveApiKey
            ? await options.resolveApiKey(key, {
                action: `${request.method} ${request.routeOptions.url ?? request.url}`,
                requestId: String(request.id),
                address: request.ip,
              })
            : null;
        if (!principal) throw unauthorized();
        if (sessionOnly) throw new AppError('FORBIDDEN', apiKeyMessages.sessionOnly);
      } else {
        const sessionId = request.cookies[SESSION_COOKIE];
        principal = sessionId ? await options.resolveSession(sessionId) : null;
        if (!principal) throw unauthorized();
        if (UNSAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
          throw new AppError('FORBIDDEN', serverMessages.crossOrigin);
        }
      }
      request.principal = principal;
      await options.countCall?.(principal);
      if (access !== 'authenticated' && !principal.permissions.has(access)) throw forbidden();
    });
  },
);

function securityOf(access: RouteAccess, sessionOnly: boolean | undefined): Record<string, string[]>[] {
  const { session, apiKey } = SECURITY_SCHEMES;
  if (access === 'public') return [];
  return sessionOnly ? [{ [session]: [] }] : [{ [session]: [] }, { [apiKey]: [] }];
}

/** The key of an `Authorization: Bearer <key>` header; '' for an empty one; undefined without one. */
function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

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
