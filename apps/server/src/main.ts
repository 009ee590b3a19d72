/**
 * Starting and stopping the portal as a process: the server's own entry (server.ts) and the launcher of the
 * demo (apps/launcher) both run it, the launcher adding the simulated gateways between start and stop.
 * The package's main entry (`@portal/server`).
 */
import type { Logger } from 'pino';
import { buildApp, createLogger, type Portal } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { ownOrigin } from './lib/own-origin.ts';

export type { Config } from './config.ts';
export { ownOrigin };

export interface StartedPortal {
  portal: Portal;
  config: Config;
  logger: Logger;
  /** Closes HTTP, the broker and the database (app.ts orders it); resolves once all are closed. */
  stop: () => Promise<void>;
}

/** How long a graceful stop may take before the process gives up and exits 1. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * Reads the configuration, builds the portal and listens on HTTP. A bad configuration ends the process with
 * exit code 2 and a message naming the variable; anything else that stops the start is thrown (see
 * `exitOnStartFailure`).
 */
export async function startPortal(
  env: Record<string, string | undefined> = process.env,
): Promise<StartedPortal> {
  const config = readConfig(env);
  const logger = createLogger(config);
  keepServingOnUnhandledRejection(logger);
  const portal = await buildApp(config, logger);
  const { app } = portal;

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`HTTP port ${config.PORT} is already in use: set PORT to a free port`);
    }
    throw error;
  }
  if (!config.PUBLIC_URL) {
    logger.warn(
      { linksPointAt: ownOrigin(config, app.server.address()) },
      'PUBLIC_URL is not set: links in mails point at the address above; set PUBLIC_URL to the address users reach',
    );
  }
  return { portal, config, logger, stop: () => app.close() };
}

/** The configuration from `env`; a bad one ends the process with exit code 2 and a message naming the variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * Node ends the process on a promise rejection nobody handled. For a portal serving many users that is the
 * wrong trade: a background step that failed while PostgreSQL or the broker was away (and is retried on its
 * next run) would take every session and live connection of this instance down with it. It is logged as an
 * error, with its stack, for someone to fix.
 */
function keepServingOnUnhandledRejection(logger: Logger): void {
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (a defect; the portal keeps serving)');
  });
}

/**
 * On SIGTERM or SIGINT runs `stops` one after the other (what started last first: the demo fleet before the
 * portal), then exits 0; exits 1 when one fails or all take longer than 30 s.
 */
export function stopOnSignals(logger: Logger, stops: ReadonlyArray<() => Promise<unknown>>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error(`shutdown took longer than ${STOP_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    timer.unref();
    try {
      for (const step of stops) await step();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** The end of a start that failed: one line on stderr, exit code 1. */
export function exitOnStartFailure(error: Error): never {
  process.stderr.write(`Portal failed to start: ${error.message}\n`);
  process.exit(1);
}
