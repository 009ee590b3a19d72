import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance modules register their routes on (zod schemas on every route). */
export type PortalApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What a module's `<feature>.wiring.ts` hands app.ts besides its public services: the routes to
 * register and the background work to start once everything is ready and to stop, in reverse, on close.
 */
export interface ModuleParts {
  routes?: (app: PortalApp) => PromiseLike<unknown>;
  start?: () => void;
  stop?: () => void | Promise<void>;
}
