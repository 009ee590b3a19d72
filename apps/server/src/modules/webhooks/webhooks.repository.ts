import { WEBHOOK_BATCH_TYPE } from '@portal/contract';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema-webhooks.ts';
import { type SqlRunner, transactionRunner } from '../../lib/jobs.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewDelivery = Insertable<WebhookDeliveriesTable>;
export type SendableDelivery = Awaited<ReturnType<WebhooksRepository['deliveriesWithHooks']>>[number];

/**
 * The type of a batched webhook's stored events waiting for their batch (a part: the events of one store
 * statement, their bodies comma-joined, `event_count` of them); gathered into a 'batch' row when it closes.
 */
export const WEBHOOK_BATCH_PART = 'batch.part';

/** A 2xx answer, for `recordDelivered`. */
export interface DeliveredAttempt {
  id: string;
  responseCode: number;
  durationMs: number;
  at: Date;
}

/** The columns of a delivery the log shows (not its body). */
const DELIVERY = [
  'webhook_deliveries.id',
  'webhook_deliveries.webhook_id',
  'webhook_deliveries.event_id',
  'webhook_deliveries.type',
  'webhook_deliveries.event_count',
  'webhook_deliveries.status',
  'webhook_deliveries.attempts',
  'webhook_deliveries.response_code',
  'webhook_deliveries.error',
  'webhook_deliveries.duration_ms',
  'webhook_deliveries.created_at',
  'webhook_deliveries.last_attempt_at',
  'webhook_deliveries.next_attempt_at',
] as const;
export type ListedDelivery = Omit<DeliveryRow, 'body'>;

/** The webhooks and webhook_deliveries tables (migration 0038); the deliveries are the outbox of the attempts. */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listByTenant(tenantId: string) {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  find(id: string) {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts when the customer has fewer than `limit` webhooks (creations of one customer one at a time). */
  async insertWithinLimit(row: Insertable<WebhooksTable>, limit: number): Promise<WebhookRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${row.tenant_id}`}))`.execute(trx);
      const { count } = await trx
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('tenant_id', '=', row.tenant_id)
        .executeTakeFirstOrThrow();
      if (Number(count) >= limit) return undefined;
      return trx.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow();
    });
  }

  update(id: string, changes: Updateable<WebhooksTable>) {
    return this.db
      .updateTable('webhooks')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The enabled webhooks of these customers, with what signing and sending need. */
  enabledOf(tenantIds: readonly string[]) {
    return this.db
      .selectFrom('webhooks')
      .select([
        'id',
        'tenant_id',
        'event_types',
        'name',
        'url_secret as url',
        'secret',
        'previous_secret',
        'previous_secret_until',
        'batch_max_events',
        'batch_max_ms',
      ])
      .where('tenant_id', 'in', tenantIds)
      .where('enabled', '=', true)
      .execute();
  }

  /**
   * Stores deliveries (the outbox of their first attempts), in one statement: the events' bodies once each, the
   * rows as arrays (a row's `event` is its event's index), so a statement of 2,000 rows has 9 parameters.
   */
  async insertDeliveries(
    events: readonly { id: string; type: string; body: string; count: number }[],
    rows: readonly { id: string; webhookId: string; event: number }[],
    createdAt: Date,
    claimedUntil: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      INSERT INTO webhook_deliveries
        (id, webhook_id, event_id, type, body, event_count, created_at, next_attempt_at)
      SELECT d.id, d.webhook_id, e.id, e.type, e.body, e.count, ${createdAt}::timestamptz,
        ${claimedUntil}::timestamptz
      FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.webhookId)}::uuid[],
        ${rows.map((r) => r.event + 1)}::integer[]) AS d (id, webhook_id, n)
      JOIN unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.type)}::text[],
        ${events.map((e) => e.body)}::text[], ${events.map((e) => e.count)}::integer[])
        WITH ORDINALITY AS e (id, type, body, count, n) ON e.n = d.n`.execute(this.db);
  }

  /** A delivery sent at once by the caller (the test event). */
  insertDelivery(row: NewDelivery) {
    return this.db.insertInto('webhook_deliveries').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** Deliveries with their webhooks, for attempts. */
  async deliveriesWithHooks(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select([
        'webhook_deliveries.id',
        'webhook_deliveries.webhook_id',
        'webhook_deliveries.event_id',
        'webhook_deliveries.type',
        'webhook_deliveries.event_count',
        'webhook_deliveries.status',
        'webhook_deliveries.attempts',
        'webhook_deliveries.created_at',
        'webhook_deliveries.body',
        'webhooks.tenant_id as hook_tenant_id',
        'webhooks.name as hook_name',
        'webhooks.url_secret as hook_url',
        'webhooks.enabled as hook_enabled',
        'webhooks.secret as hook_secret',
        'webhooks.previous_secret as hook_previous_secret',
        'webhooks.previous_secret_until as hook_previous_secret_until',
        'webhooks.batch_max_events as hook_batch_max_events',
        'webhooks.batch_max_ms as hook_batch_max_ms',
      ])
      .where('webhook_deliveries.id', 'in', ids)
      .execute();
  }

  /**
   * Claims, in one statement, up to `limit` pending deliveries whose first attempt is overdue (`next_attempt_at`
   * passed: the instance that stored them stopped or died without sending): they are this caller's until
   * `until`. SKIP LOCKED and the moved time keep two instances from claiming the same row.
   */
  async claimOverdue(now: Date, until: Date, limit: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      UPDATE webhook_deliveries SET next_attempt_at = ${until}
      WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /**
   * Gathers pending parts of one webhook into one batch delivery, in one statement: the parts still pending are
   * deleted and the batch row holding their events (in the order of `ids`) inserted, so an event is either in
   * its part or in one batch. Answers the batch's body and count, or null when none of
   * the rows was left to gather.
   */
  async gatherBatch(batch: {
    id: string;
    webhookId: string;
    ids: readonly string[];
    createdAt: Date;
    claimedUntil: Date;
  }): Promise<{ body: string; count: number } | null> {
    const { rows } = await sql<{ body: string; event_count: number }>`
      WITH taken AS (
        DELETE FROM webhook_deliveries
        WHERE id = ANY(${batch.ids}::uuid[]) AND status = 'pending' AND webhook_id = ${batch.webhookId}::uuid
          AND type = ${WEBHOOK_BATCH_PART}
        RETURNING id, body, event_count),
      ordered AS (
        SELECT taken.body, taken.event_count, o.n
        FROM taken JOIN unnest(${batch.ids}::uuid[]) WITH ORDINALITY AS o (id, n) ON o.id = taken.id)
      INSERT INTO webhook_deliveries
        (id, webhook_id, event_id, type, body, event_count, created_at, next_attempt_at)
      SELECT ${batch.id}::uuid, ${batch.webhookId}::uuid, ${batch.id}::uuid, ${WEBHOOK_BATCH_TYPE},
        '{"id":"' || ${batch.id} || '","type":"${sql.raw(WEBHOOK_BATCH_TYPE)}","count":' || sum(event_count)
          || ',"events":[' || string_agg(body, ',' ORDER BY n) || ']}',
        sum(event_count), ${batch.createdAt}::timestamptz, ${batch.claimedUntil}::timestamptz
      FROM ordered
      HAVING count(*) > 0
      RETURNING body, event_count`.execute(this.db);
    const [row] = rows;
    return row ? { body: row.body, count: row.event_count } : null;
  }

  /** Hands pending deliveries an instance holds but will not send (it stops) to the next sweep of any instance. */
  async release(ids: readonly string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: now })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
  }

  /**
   * Delivered attempts written back and the failure streaks of their webhooks ended, in one statement (arrays,
   * not a VALUES list: four parameters whatever the count, the same text each time).
   */
  async recordDelivered(results: readonly DeliveredAttempt[]): Promise<void> {
    if (results.length === 0) return;
    await sql`
      WITH done AS (
        UPDATE webhook_deliveries AS d SET
          status = 'delivered', attempts = d.attempts + 1, response_code = v.code, error = NULL,
          duration_ms = v.duration, last_attempt_at = v.at, next_attempt_at = NULL
        FROM unnest(${results.map((r) => r.id)}::uuid[], ${results.map((r) => r.responseCode)}::integer[],
          ${results.map((r) => r.durationMs)}::integer[], ${results.map((r) => r.at.toISOString())}::timestamptz[])
          AS v (id, code, duration, at)
        WHERE d.id = v.id
        RETURNING d.webhook_id)
      UPDATE webhooks SET consecutive_failures = 0, failing_since = NULL
      WHERE id IN (SELECT webhook_id FROM done) AND (consecutive_failures > 0 OR failing_since IS NOT NULL)`.execute(
      this.db,
    );
  }

  findDelivery(id: string) {
    return this.db.selectFrom('webhook_deliveries').select(DELIVERY).where('id', '=', id).executeTakeFirst();
  }

  /** The log: deliveries, not the parts of batches still open (in their batch once it closed). */
  listDeliveries(webhookId: string, limit: number) {
    return this.db
      .selectFrom('webhook_deliveries')
      .select(DELIVERY)
      .where('webhook_id', '=', webhookId)
      .where('type', '<>', WEBHOOK_BATCH_PART)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Writes an attempt's result; `retry` (its time and the job that makes it) goes in the same transaction, so a
   * delivery marked retrying always has its next attempt queued.
   */
  recordAttempt(
    id: string,
    result: Updateable<WebhookDeliveriesTable>,
    retry?: (within: SqlRunner) => Promise<unknown>,
  ) {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_deliveries')
        .set((eb) => ({ ...result, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
      if (retry) await retry(transactionRunner(trx));
    });
  }

  /** Ends a delivery without an attempt (its webhook was disabled or deleted meanwhile). */
  async endDelivery(id: string, error: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', error, next_attempt_at: null })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'retrying'])
      .execute();
  }

  /**
   * A failed attempt: counted, and the streak's start kept. When the streak began at or before `disableBefore`
   * the webhook is disabled, in the same statement: answers true to the one call that disabled it.
   */
  async recordFailure(webhookId: string, now: Date, disableBefore: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('webhooks')
      .set((eb) => ({
        consecutive_failures: eb('consecutive_failures', '+', 1),
        failing_since: eb.fn.coalesce('failing_since', eb.val(now)),
      }))
      .where('id', '=', webhookId)
      .returning(['failing_since', 'enabled'])
      .executeTakeFirst();
    if (!row?.enabled || !row.failing_since || row.failing_since.getTime() > disableBefore.getTime())
      return false;
    const disabled = await this.db
      .updateTable('webhooks')
      .set({ enabled: false, disabled_at: now, disabled_reason: 'failing', updated_at: now })
      .where('id', '=', webhookId)
      .where('enabled', '=', true)
      .executeTakeFirst();
    return disabled.numUpdatedRows > 0n;
  }

  /** Deletes deliveries created before `before`; answers how many. */
  async purgeDeliveries(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('webhook_deliveries')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
