import { GATEWAY_LOCK_QUEUE_MIN } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InstructionsService } from '../instructions/index.ts';

/** A lock whose mode instruction was claimed: its slot's instruction uid is recorded before it is sent. */
export interface ClaimedMode {
  lock_id: string;
  mac: string;
  name: string | null;
  gateway_mac: string;
  requested_mode: 'shared' | 'residential';
  instruction_uid: string;
}

/**
 * The lock-mode queue per gateway (migration 0022, docs/locks.md 'Lock mode'): a lock whose mode was asked
 * (`requested_mode`) waits until one of its gateway's GATEWAY_LOCK_QUEUE_MIN slots is free. Claiming is one
 * statement: the free slot numbers are paired with the oldest waiting locks and inserted with ON CONFLICT DO
 * NOTHING, so two instances (or two calls) claiming at once never exceed the bound nor send a lock twice.
 */
export class LockModeQueue {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One claim; `attempted` counts the pairs it tried: fewer claimed means a concurrent claim took some of the
   * same slots or locks (ON CONFLICT waited for it to commit), so the caller claims again.
   */
  async claim(gatewayMac: string, now = new Date()): Promise<{ claimed: ClaimedMode[]; attempted: number }> {
    const result = await sql<{ claimed: ClaimedMode[]; attempted: number }>`
      WITH free AS (
        SELECT s AS slot, row_number() OVER (ORDER BY s) AS n
        FROM generate_series(0, ${GATEWAY_LOCK_QUEUE_MIN - 1}::int) s
        WHERE NOT EXISTS (SELECT 1 FROM lock_mode_slots m WHERE m.gateway_mac = ${gatewayMac} AND m.slot = s)
      ), waiting AS (
        SELECT l.id, row_number() OVER (ORDER BY l.updated_at, l.id) AS n FROM (
          SELECT l.id, l.updated_at FROM locks l
          WHERE l.gateway_mac = ${gatewayMac} AND l.requested_mode IS NOT NULL AND l.removed_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM lock_mode_slots m WHERE m.lock_id = l.id AND m.kind = 'mode')
          ORDER BY l.updated_at, l.id LIMIT ${GATEWAY_LOCK_QUEUE_MIN}
        ) l
      ), pairs AS (
        SELECT free.slot, waiting.id FROM free JOIN waiting ON waiting.n = free.n
      ), claimed AS (
        INSERT INTO lock_mode_slots (gateway_mac, slot, lock_id, instruction_uid, claimed_at)
        SELECT ${gatewayMac}, pairs.slot, pairs.id, 'M' || substr(md5(random()::text || pairs.id::text), 1, 7),
          ${now}::timestamptz
        FROM pairs
        ON CONFLICT DO NOTHING
        RETURNING lock_id, instruction_uid
      )
      SELECT (SELECT count(*)::int FROM pairs) AS attempted,
        coalesce((SELECT json_agg(json_build_object('lock_id', c.lock_id, 'instruction_uid', c.instruction_uid,
          'mac', l.mac, 'name', l.name, 'gateway_mac', l.gateway_mac, 'requested_mode', l.requested_mode))
          FROM claimed c JOIN locks l ON l.id = c.lock_id), '[]'::json) AS claimed`.execute(this.db);
    const row = result.rows[0];
    const claimed = typeof row?.claimed === 'string' ? JSON.parse(row.claimed) : (row?.claimed ?? []);
    return { claimed, attempted: Number(row?.attempted ?? 0) };
  }

  /**
   * One slot of the gateway for a lock/unlock (`toggle`) whose instruction will carry `uid`, in one INSERT of the
   * lowest free slot number; a concurrent claim of the same number makes it try the next. False: all
   * GATEWAY_LOCK_QUEUE_MIN are held (by modes, toggles and the ledger's command alike).
   */
  async claimSlot(
    gatewayMac: string,
    lockId: string | null,
    uid: string,
    now = new Date(),
  ): Promise<boolean> {
    for (let round = 0; round < 5; round++) {
      const result = await sql<{ slot: number }>`
        INSERT INTO lock_mode_slots (gateway_mac, slot, lock_id, instruction_uid, kind, claimed_at)
        SELECT ${gatewayMac}, s, ${lockId}::uuid, ${uid}, 'toggle', ${now}::timestamptz
        FROM generate_series(0, ${GATEWAY_LOCK_QUEUE_MIN - 1}::int) s
        WHERE NOT EXISTS (SELECT 1 FROM lock_mode_slots m WHERE m.gateway_mac = ${gatewayMac} AND m.slot = s)
        ORDER BY s LIMIT 1
        ON CONFLICT DO NOTHING
        RETURNING slot`.execute(this.db);
      if (result.rows.length > 0) return true;
      const held = await this.db
        .selectFrom('lock_mode_slots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('gateway_mac', '=', gatewayMac)
        .executeTakeFirst();
      if (Number(held?.n ?? 0) >= GATEWAY_LOCK_QUEUE_MIN) return false;
    }
    return false;
  }

  /** Frees the slot of this instruction; the lock and gateway it held, if any. */
  async release(uid: string) {
    return this.db
      .deleteFrom('lock_mode_slots')
      .where('instruction_uid', '=', uid)
      .returning(['lock_id', 'gateway_mac'])
      .executeTakeFirst();
  }

  /**
   * The mode instruction `uid` failed: its lock's request is dropped (asked again, it goes again). Done while
   * the slot is still held, so a claim running meanwhile cannot take the lock again and send it twice.
   */
  async dropRequestOf(uid: string) {
    return this.db
      .updateTable('locks')
      .set({ requested_mode: null, updated_at: new Date() })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('lock_mode_slots')
          .select('lock_id')
          .where('instruction_uid', '=', uid)
          .where('kind', '=', 'mode'),
      )
      .returning(['id', 'mac', 'tenant_id', 'mode', 'requested_mode'])
      .executeTakeFirst();
  }

  /**
   * Slots whose instruction is no longer pending (the instance that claimed stopped before sending, or the
   * instruction ended unheard), claimed before `before`: freed; answers their gateways for a new claim.
   */
  async freeStale(before: Date): Promise<string[]> {
    const result = await sql<{ gateway_mac: string }>`
      DELETE FROM lock_mode_slots s WHERE s.claimed_at < ${before}::timestamptz AND NOT EXISTS (
        SELECT 1 FROM instructions i WHERE i.uid = s.instruction_uid AND i.status = 'PENDING')
      RETURNING s.gateway_mac`.execute(this.db);
    return [...new Set(result.rows.map((r) => r.gateway_mac))];
  }

  /** How many of this gateway's locks wait for a slot, and how many hold one. */
  async depth(gatewayMac: string): Promise<{ waiting: number; inFlight: number }> {
    const row = await sql<{ waiting: number; in_flight: number }>`
      SELECT
        (SELECT count(*)::int FROM locks l WHERE l.gateway_mac = ${gatewayMac} AND l.requested_mode IS NOT NULL
          AND l.removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM lock_mode_slots m WHERE m.lock_id = l.id AND m.kind = 'mode'))
          AS waiting,
        (SELECT count(*)::int FROM lock_mode_slots m WHERE m.gateway_mac = ${gatewayMac}) AS in_flight`.execute(
      this.db,
    );
    return { waiting: row.rows[0]?.waiting ?? 0, inFlight: row.rows[0]?.in_flight ?? 0 };
  }
}

/** A stale slot (claimed, its instruction never created or ended unheard) is freed after this long. */
const STALE_SLOT_MS = 10_000;

/**
 * Sends the lock-mode queue: claims what a gateway's free slots allow and issues each claimed lock's
 * LOCK_DEVICE_MODE with the uid its slot recorded (so the answer always finds it). Called after a request and
 * whenever a mode instruction ends; stale slots are freed on the way.
 */
export class LockModeDispatcher {
  constructor(
    private readonly deps: {
      queue: LockModeQueue;
      gateways: (macs: string[]) => Promise<{ mac: string; app_version: number | null }[]>;
      issue: (
        gateway: { mac: string; app_version: number | null },
        claimed: ClaimedMode,
        createdBy: string | null,
      ) => Promise<{ id: string; uid: string }>;
      logger: { warn: (details: object, message: string) => void };
    },
  ) {}

  /** The dispatcher of the locks service: its gateways and LOCK_DEVICE_MODE issued with the slot's uid. */
  static forLocks(deps: {
    modeQueue: LockModeQueue;
    repo: {
      gatewaysForInstructions: (macs: string[]) => Promise<{ mac: string; app_version: number | null }[]>;
    };
    instructions: Pick<InstructionsService, 'issue'>;
    logger: { warn: (details: object, message: string) => void };
  }): LockModeDispatcher {
    return new LockModeDispatcher({
      queue: deps.modeQueue,
      gateways: (macs) => deps.repo.gatewaysForInstructions(macs),
      issue: async (gateway, claimed, createdBy) => {
        const { row } = await deps.instructions.issue(
          gateway,
          'LOCK_DEVICE_MODE',
          { lockMac: claimed.mac, mode: claimed.requested_mode },
          {
            createdBy,
            uid: claimed.instruction_uid,
            payload: { name: claimed.name, time: Date.now(), lockMac: claimed.mac },
          },
        );
        return row;
      },
      logger: deps.logger,
    });
  }

  /** Claims and sends for this gateway; answers what was sent. */
  async pump(
    gatewayMac: string,
    createdBy: string | null,
  ): Promise<{ macId: string; instructionId: string; uid: string }[]> {
    const [gateway] = await this.deps.gateways([gatewayMac]);
    if (!gateway) return [];
    for (const mac of await this.deps.queue.freeStale(new Date(Date.now() - STALE_SLOT_MS))) {
      if (mac !== gatewayMac) void this.pump(mac, null).catch(() => {});
    }
    const sent: { macId: string; instructionId: string; uid: string }[] = [];
    // A claim that lost some pairs to a concurrent one claims again (at most a few times): no slot stays free
    // while a lock waits because two claims met.
    for (let round = 0; round < 5; round++) {
      const { claimed, attempted } = await this.deps.queue.claim(gatewayMac);
      for (const one of claimed) {
        try {
          const row = await this.deps.issue(gateway, one, createdBy);
          sent.push({ macId: one.mac, instructionId: row.id, uid: row.uid });
        } catch (error) {
          this.deps.logger.warn({ err: error, uid: one.instruction_uid }, 'lock mode instruction not sent');
          await this.deps.queue.release(one.instruction_uid);
        }
      }
      if (claimed.length >= attempted) break;
    }
    return sent;
  }
}
