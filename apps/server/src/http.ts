import { AsyncResource } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { PortalApp } from './lib/module.ts';
import { markRequestLogger, runInRequest } from './lib/request-context.ts';
import { SECURITY_SCHEMES, SESSION_COOKIE } from './plugins/access.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { textInputPlugin } from './plugins/text-input.ts';

/** TRUST_PROXY for Fastify; a hop count as proxy-addr reads it: the nearest n addresses are proxies. */
function trustedProxies(trust: Config['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The HTTP side before any module's routes: zod schemas, one log line per request, the error envelope,
 * text-input rules, cookies, the OpenAPI document and the built web app (both public by nature, so
 * registered before the access plugin).
 */
const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';

export async function createHttpApp(config: Config, logger: Logger, webDist: URL): Promise<PortalApp> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    // request.log names its request (reqId) itself; the logger's mixin adds it to every other line of a request.
    childLoggerFactory: (parent, bindings, options) => markRequestLogger(parent.child(bindings, options)),
    return503OnClosing: true,
    // request.ip from X-Forwarded-For only behind the proxies the operator names (TRUST_PROXY).
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // JSON calls are small; routes that take more (uploads) set their own limit.
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Everything a request causes runs in its context, so any log line it leads to carries its reqId (a
  // database error logged by a module's own logger too). The body is read in stream events, outside that
  // context: it is entered again before validation, as @fastify/request-context does.
  const scopes = new WeakMap<object, AsyncResource>();
  app.addHook('onRequest', (request, _reply, done) => {
    runInRequest(String(request.id), () => {
      const scope = new AsyncResource('portal-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });

  // One JSON log line per request, with the acting tenant and user.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        tenantId: request.principal?.tenantId,
        userId: request.principal?.userId,
        // Every call made with an API key names it here (its audit row is written at most once a minute).
        apiKey: request.principal?.apiKey?.prefix,
      },
      'request',
    );
  });

  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'IoT Portal API',
        version: '1',
        description:
          'Call it signed in (the `sid` session cookie of the web app) or with an API key of a customer: ' +
          '`Authorization: Bearer iotp_...` (docs/api-keys.md). A key acts as its creator with the permissions ' +
          "chosen for it, behind the same walls as the creator's session; each route lists the ways it takes.",
      },
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.session]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          [SECURITY_SCHEMES.apiKey]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'iotp_<id>_<secret>',
            description: "A customer's API key (docs/api-keys.md); never valid on the live channel (/mqtt).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist.pathname,
      wildcard: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent to browsers that take them.
      preCompressed: true,
      // The build names every file under assets/ by a hash of its content: a browser keeps it for a year and
      // never asks again. index.html names the current ones, so it is checked on every visit.
      cacheControl: false,
      setHeaders: (reply, path) =>
        reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE_ASSET : 'no-cache'),
    });
  }
  return app;
}
