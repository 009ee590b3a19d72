import type { UpdateProgressMessage } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RolloutRow } from './rollouts.repository.ts';

/** Target states a gateway's update ends in, and the ones of an update under way. */
export const FINAL = ['verified', 'failed', 'rolledBack', 'unreached', 'left'];
export const IN_FLIGHT = ['notified', 'downloading', 'downloaded', 'installing', 'rebooting', 'verifying'];
const finalList = sql.join(FINAL.map((s) => sql.lit(s)));
const inFlightList = sql.join(IN_FLIGHT.map((s) => sql.lit(s)));
const beforeBoot = sql.join(
  ['notified', 'downloading', 'downloaded', 'installing', 'rebooting'].map((s) => sql.lit(s)),
);

/** A version as the version lists compare it: trimmed, without a leading 'v' (features/gateways/version-mismatch.ts). */
const normalVersion = (version: RawBuilder<unknown>) =>
  sql`regexp_replace(btrim(${version}, E' \t\r\n'), '^[vV]', '')`;
/** Firmware also without its date's dashes: a state's 'v2025-03-04' is the uploaded '20250304'. */
const normalFirmware = (version: RawBuilder<unknown>) => sql`replace(${normalVersion(version)}, '-', '')`;

export interface Notified {
  mac: string;
  uid: string;
  expiresAt: Date;
}

/**
 * The rollout worker's statements. Each runs inside the transaction that holds the rollout's row
 * (`FOR UPDATE SKIP LOCKED`), so one instance at a time moves a rollout; each decides in one statement.
 */
export class RolloutEngineRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether any running rollout is due for a look (outside a transaction: an idle tick costs one statement). */
  static async anyDue(db: Kysely<Database>): Promise<boolean> {
    const result = await sql<{ due: boolean }>`
      SELECT EXISTS (SELECT 1 FROM firmware_rollouts WHERE status = 'running' AND next_start_at <= now()) AS due`.execute(
      db,
    );
    return result.rows[0]?.due === true;
  }

  /** Running rollouts due for a look, locked for this transaction; others' locked rows are skipped. */
  static async claimDue(trx: Kysely<Database>, limit: number): Promise<RolloutRow[]> {
    const result = await sql<RolloutRow>`
      SELECT * FROM firmware_rollouts
      WHERE status = 'running' AND next_start_at <= now()
      ORDER BY next_start_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`.execute(trx);
    return result.rows;
  }

  /** Gateways deleted or moved to another customer leave the rollout. */
  static async markLeft(trx: Kysely<Database>, rollout: RolloutRow): Promise<number> {
    const result = await sql`
      UPDATE firmware_rollout_targets t SET state = 'left', reason = 'Moved to another customer or deleted'
      WHERE t.rollout_id = ${rollout.id} AND t.state NOT IN (${finalList})
        AND NOT EXISTS (SELECT 1 FROM gateways g WHERE g.mac = t.gateway_mac AND g.tenant_id = ${rollout.tenant_id})`.execute(
      trx,
    );
    return Number(result.numAffectedRows ?? 0);
  }

  /** Updates not booted within the time-out fail; booted ones that went offline in the window fail too. */
  static async failOverdue(trx: Kysely<Database>, rollout: RolloutRow): Promise<number> {
    const timeout = `${rollout.settings.updateTimeoutMs} milliseconds`;
    const window = `${rollout.settings.healthWindowMs * 2 + 10_000} milliseconds`;
    const timedOut = await sql`
      UPDATE firmware_rollout_targets SET state = 'failed', reason = 'Timed out'
      WHERE rollout_id = ${rollout.id} AND state IN (${beforeBoot})
        AND notified_at < now() - ${timeout}::interval`.execute(trx);
    const dropped = await sql`
      UPDATE firmware_rollout_targets t SET state = 'failed', reason = 'Went offline during the health window'
      WHERE t.rollout_id = ${rollout.id} AND t.state = 'verifying'
        AND EXISTS (SELECT 1 FROM gateway_connection_log l
                    WHERE l.mac = t.gateway_mac AND l.off = 1
                      AND l.ti > (extract(epoch FROM t.booted_at) * 1000)::bigint)`.execute(trx);
    // The reason names the first health condition of verify() that did not hold.
    const unhealthy = await sql`
      UPDATE firmware_rollout_targets t SET state = 'failed',
        reason = CASE
          WHEN NOT EXISTS (SELECT 1 FROM gateways g WHERE g.mac = t.gateway_mac AND g.connected)
            THEN 'Not healthy after the update (offline)'
          WHEN NOT EXISTS (SELECT 1 FROM telemetry s WHERE s.mac = t.gateway_mac
                           AND s.ti >= (extract(epoch FROM t.booted_at) * 1000)::bigint - 60000)
            THEN 'Not healthy after the update (no telemetry since the reboot)'
          ELSE 'Not healthy after the update (its locks not seen since the reboot)' END
      WHERE t.rollout_id = ${rollout.id} AND t.state = 'verifying'
        AND t.booted_at < now() - ${window}::interval`.execute(trx);
    return [timedOut, dropped, unhealthy].reduce((n, r) => n + Number(r.numAffectedRows ?? 0), 0);
  }

  /**
   * Booted gateways that stayed healthy through the window count as updated: still connected, telemetry
   * since the reboot, and their locks (if they have any) reported again since the reboot.
   */
  static async verify(trx: Kysely<Database>, rollout: RolloutRow): Promise<string[]> {
    const window = `${rollout.settings.healthWindowMs} milliseconds`;
    const result = await sql<{ gateway_mac: string }>`
      UPDATE firmware_rollout_targets t SET state = 'verified', verified_at = now()
      WHERE t.rollout_id = ${rollout.id} AND t.state = 'verifying'
        AND t.booted_at <= now() - ${window}::interval
        AND EXISTS (SELECT 1 FROM gateways g WHERE g.mac = t.gateway_mac AND g.connected)
        AND EXISTS (SELECT 1 FROM telemetry s WHERE s.mac = t.gateway_mac
                    AND s.ti >= (extract(epoch FROM t.booted_at) * 1000)::bigint - 60000)
        AND (NOT EXISTS (SELECT 1 FROM locks k WHERE k.gateway_mac = t.gateway_mac AND k.removed_at IS NULL)
             OR EXISTS (SELECT 1 FROM locks k WHERE k.gateway_mac = t.gateway_mac AND k.removed_at IS NULL
                        AND k.reported_ti >= (extract(epoch FROM t.booted_at) * 1000)::bigint - 60000))
      RETURNING t.gateway_mac`.execute(trx);
    return result.rows.map((r) => r.gateway_mac);
  }

  /** The current wave's size (gateways that did not leave), its failures, and what is not finished. */
  static async waveState(trx: Kysely<Database>, rollout: RolloutRow) {
    const result = await sql<{
      size: number;
      failures: number;
      open: number;
      in_flight: number;
      later: number;
    }>`
      SELECT
        count(*) FILTER (WHERE wave = ${rollout.current_wave} AND state <> 'left')::int AS size,
        count(*) FILTER (WHERE wave = ${rollout.current_wave} AND state IN ('failed', 'rolledBack'))::int AS failures,
        count(*) FILTER (WHERE wave = ${rollout.current_wave} AND state NOT IN (${finalList}))::int AS open,
        count(*) FILTER (WHERE state IN (${inFlightList}))::int AS in_flight,
        count(*) FILTER (WHERE wave > ${rollout.current_wave})::int AS later
      FROM firmware_rollout_targets WHERE rollout_id = ${rollout.id}`.execute(trx);
    return result.rows[0] ?? { size: 0, failures: 0, open: 0, in_flight: 0, later: 0 };
  }

  /** Pending gateways of the current wave still offline a time-out after the wave began are never reached. */
  static async markUnreached(trx: Kysely<Database>, rollout: RolloutRow): Promise<number> {
    const timeout = `${rollout.settings.updateTimeoutMs} milliseconds`;
    const result = await sql`
      UPDATE firmware_rollout_targets t SET state = 'unreached', reason = 'Offline for the whole wave'
      WHERE t.rollout_id = ${rollout.id} AND t.wave = ${rollout.current_wave} AND t.state = 'pending'
        AND ${rollout.wave_started_at ?? new Date()}::timestamptz < now() - ${timeout}::interval
        AND NOT EXISTS (SELECT 1 FROM gateways g WHERE g.mac = t.gateway_mac AND g.connected)`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  }

  static async pause(trx: Kysely<Database>, id: string, reason: string): Promise<void> {
    await sql`UPDATE firmware_rollouts SET status = 'paused', pause_reason = ${reason}, updated_at = now()
      WHERE id = ${id} AND status = 'running'`.execute(trx);
  }

  /** The next wave starts after the pace; the last one done completes the rollout. */
  static async advance(trx: Kysely<Database>, rollout: RolloutRow, hasMore: boolean): Promise<void> {
    if (hasMore) {
      const pace = `${rollout.settings.paceMs} milliseconds`;
      await sql`UPDATE firmware_rollouts SET current_wave = current_wave + 1, failures_acknowledged = 0,
          wave_started_at = now() + ${pace}::interval, next_start_at = now() + ${pace}::interval, updated_at = now()
        WHERE id = ${rollout.id}`.execute(trx);
    } else {
      await sql`UPDATE firmware_rollouts SET status = 'completed', updated_at = now() WHERE id = ${rollout.id}`.execute(
        trx,
      );
    }
  }

  /**
   * Notifies up to `free` pending gateways of the current wave that are online: marked notified (with the
   * download's expiry) before anything is sent, so a restart never notifies one twice.
   */
  static async notify(
    trx: Kysely<Database>,
    rollout: RolloutRow,
    free: number,
    ttlMs: number,
  ): Promise<Notified[]> {
    if (free <= 0) return [];
    const ttl = `${ttlMs} milliseconds`;
    const result = await sql<{ gateway_mac: string; uid: string; download_expires_at: Date }>`
      UPDATE firmware_rollout_targets t
      SET state = 'notified', notified_at = now(), download_expires_at = now() + ${ttl}::interval
      WHERE (t.rollout_id, t.gateway_mac) IN (
        SELECT p.rollout_id, p.gateway_mac FROM firmware_rollout_targets p
        JOIN gateways g ON g.mac = p.gateway_mac AND g.connected AND g.tenant_id = ${rollout.tenant_id}
        WHERE p.rollout_id = ${rollout.id} AND p.wave = ${rollout.current_wave} AND p.state = 'pending'
        ORDER BY p.gateway_mac LIMIT ${free}
        FOR UPDATE OF p SKIP LOCKED)
      RETURNING t.gateway_mac, t.uid, t.download_expires_at`.execute(trx);
    return result.rows.map((r) => ({
      mac: r.gateway_mac,
      uid: r.uid,
      expiresAt: new Date(r.download_expires_at),
    }));
  }

  /** A customer's maintenance window, if it has one (inside the worker's transaction: pass it). */
  async maintenanceWindow(tenantId: string, trx: Kysely<Database> = this.db) {
    return trx
      .selectFrom('firmware_maintenance_windows')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }

  async setMaintenanceWindow(
    tenantId: string,
    window: { timeZone: string; days: number[]; startMinute: number; endMinute: number } | null,
  ): Promise<void> {
    if (!window) {
      await this.db.deleteFrom('firmware_maintenance_windows').where('tenant_id', '=', tenantId).execute();
      return;
    }
    const row = {
      tenant_id: tenantId,
      time_zone: window.timeZone,
      days: window.days,
      start_minute: window.startMinute,
      end_minute: window.endMinute,
      updated_at: new Date(),
    };
    await this.db
      .insertInto('firmware_maintenance_windows')
      .values(row)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(row))
      .execute();
  }

  /**
   * A gateway's progress on the update it was given, in one statement keyed by the update's uid and the
   * gateway's own MAC; null when the gateway was never given that update (or it already ended).
   */
  async recordProgress(
    mac: string,
    message: UpdateProgressMessage,
  ): Promise<{ rolloutId: string; tenantId: string; state: string; version: string; kind: string } | null> {
    const next =
      message.status === 'booted'
        ? sql`CASE WHEN ${message.version ?? ''} = r.version THEN 'verifying' ELSE 'rolledBack' END`
        : sql`${message.status}`;
    const reason =
      message.status === 'booted'
        ? sql`CASE WHEN ${message.version ?? ''} = r.version THEN NULL
            ELSE ${`Booted ${message.version ?? 'an unknown version'} instead of the new version`} END`
        : sql`${message.reason ?? (message.status === 'failed' || message.status === 'rolledBack' ? 'No reason given' : null)}`;
    const result = await sql<{
      rollout_id: string;
      tenant_id: string;
      state: string;
      version: string;
      kind: string;
    }>`
      UPDATE firmware_rollout_targets t
      SET state = ${next}, reason = ${reason}, progress_at = now(),
          booted_at = CASE WHEN ${message.status} = 'booted' THEN now() ELSE t.booted_at END,
          reported_version = COALESCE(${message.version ?? null}, t.reported_version)
      FROM firmware_rollouts r
      WHERE t.uid = ${message.uid} AND t.gateway_mac = ${mac} AND r.id = t.rollout_id
        AND t.state IN (${inFlightList})
        AND (t.state <> 'verifying' OR ${message.status} IN ('failed', 'rolledBack'))
      RETURNING t.rollout_id, r.tenant_id, t.state, r.version, r.kind`.execute(this.db);
    const row = result.rows[0];
    if (row)
      return {
        rolloutId: row.rollout_id,
        tenantId: row.tenant_id,
        state: row.state,
        version: row.version,
        kind: row.kind,
      };
    return null;
  }

  /**
   * A gateway's state carrying the version a rollout sent it counts as its boot when the `booted` report is
   * lost (docs/rollouts.md): its firmware and OS patch updates past `installing` or `rebooting` whose version
   * equals the state's `FW` or `OS` (compared as the version lists compare: trimmed, without a leading 'v', and
   * firmware without the date's dashes) go to `verifying`, as a `booted` naming that version would. The
   * customer app is not in a state: only its `booted` confirms it. One statement, conditioned on the target's
   * state, so of a state and a `booted` (or two instances taking the same messages) only the first counts.
   */
  async confirmBootFromState(
    mac: string,
    running: { FW?: string; OS?: string },
  ): Promise<{ rolloutId: string; tenantId: string }[]> {
    const firmware = normalFirmware(sql`${running.FW ?? ''}::text`);
    const os = normalVersion(sql`${running.OS ?? ''}::text`);
    const result = await sql<{ rollout_id: string; tenant_id: string }>`
      UPDATE firmware_rollout_targets t
      SET state = 'verifying', reason = NULL, progress_at = now(), booted_at = now(),
          reported_version = CASE r.kind WHEN 'firmware' THEN ${running.FW ?? null} ELSE ${running.OS ?? null} END
      FROM firmware_rollouts r
      WHERE t.gateway_mac = ${mac} AND r.id = t.rollout_id
        AND t.state IN ('installing', 'rebooting') AND t.notified_at IS NOT NULL
        AND ((r.kind = 'firmware' AND ${firmware} <> '' AND ${firmware} = ${normalFirmware(sql`r.version`)})
          OR (r.kind = 'osPatch' AND ${os} <> '' AND ${os} = ${normalVersion(sql`r.version`)}))
      RETURNING t.rollout_id, r.tenant_id`.execute(this.db);
    return result.rows.map((r) => ({ rolloutId: r.rollout_id, tenantId: r.tenant_id }));
  }

  /** Whether the uid names an update this gateway was given (a duplicate after it ended is not an error). */
  async knowsUpdate(mac: string, uid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('firmware_rollout_targets')
      .select('uid')
      .where('uid', '=', uid)
      .where('gateway_mac', '=', mac)
      .where('state', '<>', 'pending')
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The download a signed URL names: its target, file and expiry. */
  async download(uid: string) {
    return this.db
      .selectFrom('firmware_rollout_targets as t')
      .innerJoin('firmware_rollouts as r', 'r.id', 't.rollout_id')
      .innerJoin('firmware_files as f', 'f.id', 'r.file_id')
      .select([
        't.gateway_mac',
        't.state',
        't.download_expires_at',
        'f.storage_key',
        'f.sha256',
        'f.size',
        'f.file_name',
      ])
      .where('t.uid', '=', uid)
      .executeTakeFirst();
  }

  /** In-flight targets of a gateway (sent again when it reconnects: the same uid, so it does not restart). */
  async inFlightOf(mac: string) {
    return this.db
      .selectFrom('firmware_rollout_targets as t')
      .innerJoin('firmware_rollouts as r', 'r.id', 't.rollout_id')
      .select(['t.uid', 't.rollout_id'])
      .where('t.gateway_mac', '=', mac)
      .where('t.state', '=', 'notified')
      .where('r.status', 'in', ['running', 'paused'])
      .execute();
  }

  /** SELECT NEXT: the next `count` pending gateways of later waves join the current wave. */
  async pullIntoCurrentWave(rollout: RolloutRow, count: number): Promise<number> {
    const result = await sql`
      UPDATE firmware_rollout_targets t SET wave = ${rollout.current_wave}
      WHERE (t.rollout_id, t.gateway_mac) IN (
        SELECT rollout_id, gateway_mac FROM firmware_rollout_targets
        WHERE rollout_id = ${rollout.id} AND state = 'pending' AND wave > ${rollout.current_wave}
        ORDER BY wave, gateway_mac LIMIT ${count})`.execute(this.db);
    await sql`UPDATE firmware_rollouts SET next_start_at = LEAST(next_start_at, now()) WHERE id = ${rollout.id}`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0);
  }

  /** On resume: the current wave's failures so far are accepted; the threshold counts new ones. */
  async acknowledgeFailures(rolloutId: string): Promise<void> {
    await sql`UPDATE firmware_rollouts r SET failures_acknowledged = (
        SELECT count(*) FROM firmware_rollout_targets t
        WHERE t.rollout_id = r.id AND t.wave = r.current_wave AND t.state IN ('failed', 'rolledBack'))
      WHERE r.id = ${rolloutId}`.execute(this.db);
  }
}
