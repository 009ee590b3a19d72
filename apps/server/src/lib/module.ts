import type { FastifyInstance } from 'fastify';

/**
 * What a module's `<feature>.wiring.ts` hands app.ts besides its public services: the routes to
 * register and the background work to start once everything is ready and to stop, in reverse, on close.
 */
export interface ModuleParts {
  routes?: (app: FastifyInstance) => PromiseLike<unknown>;
  start?: () => void;
  stop?: () => void | Promise<void>;
}
