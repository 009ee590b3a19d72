import { setTimeout as sleep } from 'node:timers/promises';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * What a listener to a notification channel hears. `ready` and `lapsed` bracket the time it is sure to hear
 * every notification: between a `lapsed` and the next `ready` some may have been missed.
 */
export interface ChannelListener {
  message(payload: string): void;
  ready(): void;
  lapsed(): void;
}

/** Stops listening. */
export type StopListening = () => Promise<void>;

const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];
/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'portal notifications';

/**
 * The listeners of each channel on PostgreSQL. Two kinds of connection feed them:
 * - one connection of its own per channel (listenOnPostgres), which hears every instance's commits and says
 *   when listening lapsed;
 * - every pooled connection (ListeningPool), so that the connection that commits a change hears its own
 *   notification before the answer to its COMMIT (PostgreSQL sends a listening session its own notifications
 *   before ReadyForQuery): a change made by this instance is heard before the request that made it goes on,
 *   as on PGlite. The same notification then arrives more than once; listeners take it as often as it comes.
 */
export class PostgresChannels {
  private readonly listeners = new Map<string, Set<ChannelListener>>();

  add(channel: string, listener: ChannelListener): () => void {
    const listeners = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, listeners.add(listener));
    return () => listeners.delete(listener);
  }

  channels(): string[] {
    return [...this.listeners.keys()];
  }

  deliver = (message: pg.Notification): void => {
    for (const listener of this.listeners.get(message.channel) ?? []) listener.message(message.payload ?? '');
  };
}

type NotifyingClient = PostgresPoolClient & {
  on(event: 'notification', listener: (message: pg.Notification) => void): unknown;
};

/** A pg pool whose connections LISTEN on every channel of `channels` before they are lent (see PostgresChannels). */
export class ListeningPool implements PostgresPool {
  private readonly heard = new WeakMap<object, Set<string>>();

  constructor(
    private readonly inner: pg.Pool,
    private readonly channels: PostgresChannels,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = (await this.inner.connect()) as unknown as NotifyingClient;
    let heard = this.heard.get(client);
    if (!heard) {
      heard = new Set();
      this.heard.set(client, heard);
      client.on('notification', this.channels.deliver);
    }
    try {
      for (const channel of this.channels.channels()) {
        if (heard.has(channel)) continue;
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`, []);
        heard.add(channel);
      }
    } catch (error) {
      client.release();
      throw error;
    }
    return client;
  }

  end(): Promise<void> {
    return this.inner.end();
  }
}

/**
 * LISTEN on PostgreSQL, on a connection of its own (a pooled one would be lent to statements, and a
 * notification reaches only the session that listens). A lost connection reports `lapsed` at once and is
 * opened again, with back-off, until stopped; `ready` follows each LISTEN that took.
 */
export function listenOnPostgres(
  url: string,
  channel: string,
  listener: ChannelListener,
  logger: Logger,
): StopListening {
  const stopping = new AbortController();
  let client: pg.Client | null = null;

  /** A listening connection, and a promise settled when it is lost. */
  const connectOnce = async () => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    const lost = new Promise<void>((resolve) => {
      next.on('error', (error) => {
        if (!stopping.signal.aborted)
          logger.warn({ err: error, channel }, 'lost the connection listening for database notifications');
        resolve();
      });
      next.on('end', () => resolve());
    });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.message(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return { next, lost };
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
  };

  const run = async () => {
    for (let failures = 0; !stopping.signal.aborted; ) {
      let connection: Awaited<ReturnType<typeof connectOnce>>;
      try {
        connection = await connectOnce();
      } catch (error) {
        const delay = RECONNECT_DELAYS_MS[Math.min(failures++, RECONNECT_DELAYS_MS.length - 1)];
        logger.warn({ err: error, channel, delay }, 'cannot listen for database notifications; retrying');
        await sleep(delay, undefined, { signal: stopping.signal }).catch(() => {});
        continue;
      }
      client = connection.next;
      if (stopping.signal.aborted) break;
      failures = 0;
      listener.ready();
      await connection.lost;
      listener.lapsed();
      client.end().catch(() => {});
      client = null;
    }
  };
  const running = run();

  return async () => {
    stopping.abort();
    await client?.end().catch(() => {});
    await running;
  };
}
