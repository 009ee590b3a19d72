import type { ColumnType } from 'kysely';

/** A customer's quotas (migration 0041, docs/quotas.md); each null is unlimited. */
export interface CustomerQuotasTable {
  tenant_id: string;
  gateways: number | null;
  lock_users: number | null;
  stored_days: number | null;
  messages_per_second: number | null;
  api_calls_per_minute: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** API calls of a customer with an API quota in its current minute. */
export interface CustomerApiCallsTable {
  tenant_id: string;
  minute: Date;
  calls: number;
}

export interface QuotaTables {
  customer_quotas: CustomerQuotasTable;
  customer_api_calls: CustomerApiCallsTable;
}
