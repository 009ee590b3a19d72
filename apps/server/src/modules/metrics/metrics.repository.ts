import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface QueueDepth {
  queue: string;
  items: number;
  /** Seconds: the oldest item's age, or for timers how far past due the most overdue one is (0: none due). */
  oldest: number;
}

/**
 * The portal's work queues and fleet as Prometheus sees them, read at scrape time. One statement over the
 * tables whose rows are the work (each filter is one of their partial indexes), so a scrape every 15 s costs
 * a few index reads whatever the history holds.
 */
export class MetricsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `alert_timers` is the alert engine's tick's work (docs/alert-engine.md): each open incident with a timer
   * (its waiting, recovery, repeat, reminder or escalation time, the last two only while it is firing and not
   * acknowledged, as the tick claims them) and each digest window holding events; its age is how far past due
   * the most overdue one is.
   */
  async queues(): Promise<QueueDepth[]> {
    const age = (column: string) =>
      sql`coalesce(extract(epoch from now() - min(${sql.ref(column)})), 0)::float8`;
    const { rows } = await sql<QueueDepth>`
      select 'mail_outbox' as queue, count(*)::int as items, ${age('created_at')} as oldest
        from outbox where sent_at is null and channel = 'email'
      union all
      select 'sms_outbox', count(*)::int, ${age('created_at')}
        from outbox where sent_at is null and channel = 'sms'
      union all
      select 'instructions_pending', count(*)::int, ${age('created_at')}
        from instructions where status = 'PENDING'
      union all
      select 'rollouts_running', count(*)::int, ${age('created_at')}
        from firmware_rollouts where status = 'running'
      union all
      select 'alert_timers', count(*)::int, greatest(0, ${age('due')})
        from (select least(case when state = 'pending' then fire_at end, clear_at, next_repeat_at,
                           case when state = 'firing' and acknowledged_at is null then next_reminder_at end,
                           case when state = 'firing' and acknowledged_at is null and escalated_at is null
                                then escalate_at end) as due
                from alert_incidents where state <> 'resolved'
              union all
              select closes_at from alert_digests where items <> '[]'::jsonb) timers
        where due is not null
      union all
      select 'customer_deletions', count(*)::int, 0::float8
        from tenants where status = 'DELETE_PENDING'
    `.execute(this.db);
    return rows.map((row) => ({ queue: row.queue, items: Number(row.items), oldest: Number(row.oldest) }));
  }

  /** Gateways connected now, over every instance (the database holds the state). */
  async connectedGateways(): Promise<number> {
    const row = await this.db
      .selectFrom('gateways')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('connected', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
