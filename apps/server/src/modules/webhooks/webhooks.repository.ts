import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema-webhooks.ts';
import { type SqlRunner, transactionRunner } from '../../lib/jobs.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewDelivery = Insertable<WebhookDeliveriesTable>;

/** The columns of a delivery the log shows (not its body). */
const DELIVERY = [
  'webhook_deliveries.id',
  'webhook_deliveries.webhook_id',
  'webhook_deliveries.event_id',
  'webhook_deliveries.type',
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

/** The webhooks and webhook_deliveries tables (migration 0038). */
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

  /** The enabled webhooks of these customers that subscribe to `type`. */
  subscribed(tenantIds: readonly string[], type: string) {
    return this.db
      .selectFrom('webhooks')
      .select(['id', 'tenant_id'])
      .where('tenant_id', 'in', tenantIds)
      .where('enabled', '=', true)
      .where((eb) => eb(eb.val(type), '=', eb.fn.any('event_types')))
      .execute();
  }

  /**
   * Stores deliveries and, in the same transaction, what sends each (`enqueue`: a job on the queue), so a
   * delivery exists exactly when its job does.
   */
  insertDeliveries(rows: NewDelivery[], enqueue: (id: string, within: SqlRunner) => Promise<unknown>) {
    return this.db.transaction().execute(async (trx) => {
      const stored = await trx.insertInto('webhook_deliveries').values(rows).returning('id').execute();
      const within = transactionRunner(trx);
      for (const { id } of stored) await enqueue(id, within);
      return stored.map((row) => row.id);
    });
  }

  /** A delivery sent at once by the caller (the test event): no job until its first attempt failed. */
  insertDelivery(row: NewDelivery) {
    return this.db.insertInto('webhook_deliveries').values(row).returning('id').executeTakeFirstOrThrow();
  }

  /** A delivery with its webhook, for an attempt. */
  deliveryWithHook(id: string) {
    return this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select([
        ...DELIVERY,
        'webhook_deliveries.body',
        'webhooks.tenant_id as hook_tenant_id',
        'webhooks.name as hook_name',
        'webhooks.url_secret as hook_url',
        'webhooks.enabled as hook_enabled',
        'webhooks.secret as hook_secret',
        'webhooks.previous_secret as hook_previous_secret',
        'webhooks.previous_secret_until as hook_previous_secret_until',
      ])
      .where('webhook_deliveries.id', '=', id)
      .executeTakeFirst();
  }

  findDelivery(id: string) {
    return this.db.selectFrom('webhook_deliveries').select(DELIVERY).where('id', '=', id).executeTakeFirst();
  }

  listDeliveries(webhookId: string, limit: number) {
    return this.db
      .selectFrom('webhook_deliveries')
      .select(DELIVERY)
      .where('webhook_id', '=', webhookId)
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

  /** A delivered attempt: the webhook's failure streak ends. */
  async recordSuccess(webhookId: string): Promise<void> {
    await this.db
      .updateTable('webhooks')
      .set({ consecutive_failures: 0, failing_since: null })
      .where('id', '=', webhookId)
      .where((eb) => eb.or([eb('consecutive_failures', '>', 0), eb('failing_since', 'is not', null)]))
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
