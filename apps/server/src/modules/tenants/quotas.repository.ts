import type { CustomerQuotas } from '@portal/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CustomerQuotasTable } from '../../db/schema-quotas.ts';

/** A customer's quota row with the ids of its subtree (itself and every tenant below it). */
export interface QuotaRow extends CustomerQuotas {
  tenantId: string;
  subtree: string[];
}

/** An API quota counted: the customer's calls this minute, its quota, and seconds left in the minute. */
export interface ApiCallCount {
  tenantId: string;
  calls: number;
  quota: number;
  secondsLeft: number;
}

const toQuotas = (row: Omit<CustomerQuotasTable, 'updated_at' | 'tenant_id'>): CustomerQuotas => ({
  gateways: row.gateways,
  lockUsers: row.lock_users,
  storedDays: row.stored_days,
  messagesPerSecond: row.messages_per_second,
  apiCallsPerMinute: row.api_calls_per_minute,
});

/** customer_quotas and customer_api_calls (migration 0041, docs/quotas.md). */
export class QuotasRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets a customer's quotas in one upsert; all unlimited removes its row (and its API counter). */
  async set(tenantId: string, quotas: CustomerQuotas): Promise<void> {
    if (Object.values(quotas).every((value) => value === null)) {
      await this.db.deleteFrom('customer_quotas').where('tenant_id', '=', tenantId).execute();
      await this.db.deleteFrom('customer_api_calls').where('tenant_id', '=', tenantId).execute();
      return;
    }
    const values = {
      gateways: quotas.gateways,
      lock_users: quotas.lockUsers,
      stored_days: quotas.storedDays,
      messages_per_second: quotas.messagesPerSecond,
      api_calls_per_minute: quotas.apiCallsPerMinute,
      updated_at: new Date(),
    };
    await this.db
      .insertInto('customer_quotas')
      .values({ tenant_id: tenantId, ...values })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
      .execute();
  }

  /**
   * The quotas of these tenants and their subtrees' use in one statement: gateways, live lock users, and the
   * API calls of the current minute. Tenants without a row are unlimited.
   */
  async useOf(
    ids: string[],
  ): Promise<
    { tenantId: string; quotas: CustomerQuotas; gateways: number; lockUsers: number; api: number }[]
  > {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('tenants')
      .leftJoin('customer_quotas as q', 'q.tenant_id', 'tenants.id')
      .leftJoin('customer_api_calls as c', (join) =>
        join.onRef('c.tenant_id', '=', 'tenants.id').on(sql<SqlBool>`c.minute = date_trunc('minute', now())`),
      )
      .select([
        'tenants.id',
        'q.gateways',
        'q.lock_users',
        'q.stored_days',
        'q.messages_per_second',
        'q.api_calls_per_minute',
        sql<number>`coalesce(c.calls, 0)`.as('api'),
        sql<number>`(select count(*)::int from gateways g join tenants t on t.id = g.tenant_id
          where t.id = tenants.id or t.ancestors @> array[tenants.id])`.as('gateway_count'),
        sql<number>`(select count(*)::int from lock_users u join tenants t on t.id = u.tenant_id
          where u.deleted_at is null and (t.id = tenants.id or t.ancestors @> array[tenants.id]))`.as(
          'lock_user_count',
        ),
      ])
      .where('tenants.id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      tenantId: row.id,
      quotas: toQuotas(row),
      gateways: row.gateway_count,
      lockUsers: row.lock_user_count,
      api: row.api,
    }));
  }

  /** Every customer with a quota, with its subtree's ids (the quota cache, quotas.ts). */
  async limited(): Promise<QuotaRow[]> {
    const rows = await this.db
      .selectFrom('customer_quotas as q')
      .selectAll('q')
      .select(
        sql<string[]>`array(select t.id from tenants t
          where t.id = q.tenant_id or t.ancestors @> array[q.tenant_id])`.as('subtree'),
      )
      .execute();
    return rows.map((row) => ({ tenantId: row.tenant_id, subtree: row.subtree, ...toQuotas(row) }));
  }

  /**
   * One API call counted against each of these customers' API quotas, in one statement across the portal
   * instances: each counter is restarted when its minute has passed, else incremented (the row locked meanwhile,
   * so two calls at once are both counted). Answers each count with its quota; a customer whose quota was
   * removed meanwhile is left out.
   */
  async countApiCall(tenantIds: string[]): Promise<ApiCallCount[]> {
    const { rows } = await sql<{ tenant_id: string; calls: number; quota: number; seconds_left: number }>`
      insert into customer_api_calls as c (tenant_id, minute, calls)
      select q.tenant_id, date_trunc('minute', now()), 1 from customer_quotas q
      where q.tenant_id = any(${tenantIds}::uuid[]) and q.api_calls_per_minute is not null
      on conflict (tenant_id) do update set
        calls = case when c.minute = excluded.minute then c.calls + 1 else 1 end,
        minute = excluded.minute
      returning c.tenant_id, c.calls,
        (select q.api_calls_per_minute from customer_quotas q where q.tenant_id = c.tenant_id) as quota,
        ceil(extract(epoch from c.minute + interval '1 minute' - now()))::int as seconds_left`.execute(
      this.db,
    );
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      calls: row.calls,
      quota: row.quota,
      secondsLeft: Math.max(1, row.seconds_left),
    }));
  }
}
