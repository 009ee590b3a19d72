import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import mqtt, { type IPublishPacket } from 'mqtt';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.ts';

/** How often an instance says it is alive and looks for sessions of instances that are not. */
const HEARTBEAT_MS = 5_000;
/** An instance silent for this long is taken for dead: its broker sessions are taken over. */
const LEASE_MS = 15_000;
/** A taken-over connection is ended once the broker has sent it nothing for this long. */
const IDLE_MS = 2_000;

export interface SessionTakeoverOptions {
  db: Kysely<Database>;
  url: string;
  /** This instance's MQTT_CLIENT_ID and its number of consumer connections (`{clientId}-{n}`). */
  clientId: string;
  consumers: number;
  /** The filters every consumer connection subscribes to; a taken-over one unsubscribes them first. */
  filters: string[];
  /** Stores a device message (the consumers' own handler); its promise settles before the PUBACK. */
  handle: (packet: IPublishPacket) => Promise<void>;
  logger: Logger;
  heartbeatMs?: number;
  leaseMs?: number;
}

/**
 * Broker sessions of dead instances (docs/operations.md "Several instances"). Each instance keeps a persistent
 * session per consumer connection; Mosquitto goes on giving an offline session its share of the shared
 * subscription and keeps it until the session expires, so the device messages it holds would wait for that
 * instance to come back. Every instance therefore records a heartbeat in `broker_sessions`; once one has been
 * silent for a lease, another claims its row (one statement, SKIP LOCKED: one taker), resumes each of its
 * sessions under its client id, unsubscribes (nothing new is routed there), stores what the broker had queued
 * (acknowledged only once stored, as always) and ends the session. If the dead instance comes back meanwhile,
 * the broker hands it its session and the taker simply stops.
 */
export class SessionTakeover {
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private stopped = false;
  /**
   * Since when this instance's own heartbeats succeed: it takes nothing over before a whole lease of them,
   * so that after a database outage (every heartbeat late) the instances do not take each other's sessions.
   */
  private beatingSince: number | null = null;
  private readonly heartbeatMs: number;
  private readonly leaseMs: number;
  /**
   * This instance's consumer connections among all registered ones, read at each heartbeat. The broker spreads
   * the shared subscription over every session, a silent instance's too until it is taken over and ended, so
   * those count until then. The per-gateway rate (device-rate.ts) allows this share on this instance.
   */
  deviceTrafficShare = 1;

  constructor(private readonly options: SessionTakeoverOptions) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
  }

  async start(): Promise<void> {
    await this.beat();
    this.beatingSince = Date.now();
    this.timer = setInterval(() => {
      this.pass ??= this.tick().finally(() => {
        this.pass = null;
      });
    }, this.heartbeatMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }

  private async beat(): Promise<void> {
    const { rows } = await sql<{ total: string }>`
      WITH mine AS (
        INSERT INTO broker_sessions (client_id, consumers, seen_at) VALUES (${this.options.clientId}, ${this.options.consumers}, now())
        ON CONFLICT (client_id) DO UPDATE SET consumers = excluded.consumers, seen_at = now(), taken_by = NULL
        RETURNING consumers)
      SELECT (SELECT consumers FROM mine)
        + coalesce((SELECT sum(consumers) FROM broker_sessions WHERE client_id <> ${this.options.clientId}), 0) AS total`.execute(
      this.options.db,
    );
    const total = Number(rows[0]?.total ?? 0);
    this.deviceTrafficShare = total > 0 ? Math.min(1, this.options.consumers / total) : 1;
  }

  private async tick(): Promise<void> {
    try {
      await this.beat();
      this.beatingSince ??= Date.now();
      while (!this.stopped && Date.now() - this.beatingSince >= this.leaseMs) {
        const token = randomUUID();
        const claimed = await sql<{ client_id: string; consumers: number }>`
          UPDATE broker_sessions SET seen_at = now(), taken_by = ${token}
          WHERE client_id = (
            SELECT client_id FROM broker_sessions
            WHERE seen_at < now() - make_interval(secs => ${this.leaseMs / 1000}) AND client_id <> ${this.options.clientId}
            ORDER BY seen_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING client_id, consumers`.execute(this.options.db);
        const dead = claimed.rows[0];
        if (!dead) return;
        await this.takeOver(dead.client_id, Number(dead.consumers), token);
      }
    } catch (error) {
      this.beatingSince = null;
      if (!this.stopped) this.options.logger.warn({ err: error }, 'broker session takeover pass failed');
    }
  }

  private async takeOver(clientId: string, consumers: number, token: string): Promise<void> {
    const started = Date.now();
    this.options.logger.warn({ clientId }, 'portal instance silent; taking over its broker sessions');
    const results = await Promise.all(
      Array.from({ length: consumers }, (_, n) => this.drain(`${clientId}-${n}`)),
    );
    const stored = results.reduce((sum, r) => sum + r.stored, 0);
    if (results.every((r) => r.ended)) {
      await sql`DELETE FROM broker_sessions WHERE client_id = ${clientId} AND taken_by = ${token}`.execute(
        this.options.db,
      );
      this.options.logger.warn(
        { clientId, stored, ms: Date.now() - started },
        'broker sessions of a silent instance taken over and ended',
      );
    } else {
      this.options.logger.info(
        { clientId, stored },
        'broker session takeover stopped (its instance is back)',
      );
    }
  }

  /** Resumes one session, stores what it held and ends it; `ended` false when it was taken back. */
  private drain(clientId: string): Promise<{ ended: boolean; stored: number }> {
    const { url, filters, handle, logger } = this.options;
    return new Promise((resolve) => {
      let stored = 0;
      let pending = 0;
      let finishing = false;
      let idle: NodeJS.Timeout | null = null;
      const client = mqtt.connect(url, {
        clientId,
        protocolVersion: 5,
        clean: false,
        properties: { sessionExpiryInterval: 3600 },
        reconnectPeriod: 0,
        connectTimeout: 10_000,
      });
      const finish = (ended: boolean) => {
        if (finishing) return;
        finishing = true;
        if (idle) clearTimeout(idle);
        if (!ended || !client.connected) {
          client.end(true, () => resolve({ ended: false, stored }));
          return;
        }
        // Session expiry 0 on DISCONNECT: the broker forgets the session and its shared subscriptions.
        client.end(false, { reasonCode: 0, properties: { sessionExpiryInterval: 0 } }, () =>
          resolve({ ended: true, stored }),
        );
      };
      const armIdle = () => {
        if (idle) clearTimeout(idle);
        idle = setTimeout(() => {
          if (pending === 0) finish(true);
          else armIdle();
        }, IDLE_MS);
      };
      client.handleMessage = (packet: IPublishPacket, done: (error?: Error) => void) => {
        armIdle();
        // Live messages queued for the dead instance's browsers are of no use: they reconnected elsewhere.
        if (packet.topic.startsWith('portal/')) return done();
        pending++;
        handle(packet).then(
          () => {
            pending--;
            stored++;
            done();
          },
          (error: Error) => {
            pending--;
            logger.error({ err: error, topic: packet.topic }, 'device message not stored; not acknowledged');
            done(error);
            finish(false);
          },
        );
      };
      client.on('connect', (connack) => {
        if (!connack.sessionPresent) return finish(true);
        client.unsubscribe(filters, () => armIdle());
      });
      client.on('close', () => finish(false));
      client.on('error', (error) => {
        logger.warn({ err: error, clientId }, 'broker session takeover: connection failed');
        finish(false);
      });
    });
  }
}
