import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work belongs to, so that every log line it causes, wherever it is written (a module's
 * own logger, a database error caught in a service), carries the request's `reqId` (docs/operations.md, Logs).
 * http.ts enters it for every request; the portal's logger reads it in `requestLogMixin`.
 */
const storage = new AsyncLocalStorage<{ reqId: string }>();

/** Loggers that carry `reqId` among their own bindings already (Fastify's `request.log`). */
const boundLoggers = new WeakSet<object>();

/** Runs `work` (and everything it starts) as part of request `reqId`. */
export function runInRequest<T>(reqId: string, work: () => T): T {
  return storage.run({ reqId }, work);
}

/** Marks a request's own logger, which names its request already. */
export function markRequestLogger<T extends object>(logger: T): T {
  boundLoggers.add(logger);
  return logger;
}

/** pino's `mixin`: `{ reqId }` on a line written inside a request by a logger that does not name it itself. */
export function requestLogMixin(_merge: object, _level: number, logger?: object): { reqId?: string } {
  const reqId = storage.getStore()?.reqId;
  return reqId && !(logger && boundLoggers.has(logger)) ? { reqId } : {};
}
