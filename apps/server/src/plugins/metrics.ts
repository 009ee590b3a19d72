import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../lib/errors.ts';
import type { Meter } from '../lib/metrics.ts';

/** HTTP latency buckets, seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The portal's Prometheus registry (prom-client): Node's default metrics (memory, event-loop lag, GC, handles)
 * and whatever the modules report through the `Meter` port. One registry per portal, so several portals in
 * one process (tests) do not mix their figures.
 */
export function createMetrics(): { meter: Meter; registry: Registry } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  const meter: Meter = {
    histogram(name, help, buckets, labelNames = []) {
      const histogram = new Histogram({ name, help, buckets, labelNames, registers });
      return {
        observe: (value, labels) => (labels ? histogram.observe(labels, value) : histogram.observe(value)),
      };
    },
    readings(type, name, help, read, labelNames = []) {
      if (type === 'counter') {
        new Counter({
          name,
          help,
          labelNames,
          registers,
          async collect() {
            const readings = await read();
            this.reset();
            for (const { labels, value } of readings) this.inc(labels ?? {}, value);
          },
        });
      } else {
        new Gauge({
          name,
          help,
          labelNames,
          registers,
          async collect() {
            const readings = await read();
            this.reset();
            for (const { labels, value } of readings) this.set(labels ?? {}, value);
          },
        });
      }
    },
  };
  return { meter, registry };
}

/** Whether `header` is `Bearer {token}`; compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * HTTP latency of every request by its route pattern (`/api/gateway/:macId`, never the URL with its ids), and
 * `GET /metrics` on the portal's port when METRICS_TOKEN is set (answered only with that bearer token; unset,
 * the path is unknown: 404). Register before the modules' routes.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { meter: Meter; registry: Registry; token?: string }) => {
    const latency = options.meter.histogram(
      'portal_http_request_duration_seconds',
      'HTTP requests by route pattern, method and status class',
      HTTP_BUCKETS,
      ['method', 'route', 'status'],
    );
    app.addHook('onResponse', async (request, reply) => {
      latency.observe(reply.elapsedTime / 1000, {
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      });
    });
    const { token } = options;
    if (!token) return;
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) throw unauthorized();
      const body = await options.registry.metrics();
      return reply.type(options.registry.contentType).send(body);
    });
  },
);

/**
 * `/metrics` on a port of its own (METRICS_PORT), for a network only Prometheus reaches; it asks for the bearer
 * token too when METRICS_TOKEN is set. Resolves once listening; `close` stops it.
 */
export async function listenMetrics(
  registry: Registry,
  options: { port: number; host: string; token?: string },
): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Bearer token required' }));
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Metrics port ${options.port} is already in use: set METRICS_PORT to a free port`)
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
