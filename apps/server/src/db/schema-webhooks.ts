import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A customer's outbound webhook (migration 0038, docs/webhooks.md). */
export interface WebhooksTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  /** Scheme and host only (`https://hooks.example.com/…`): what the audit log shows. */
  url: string;
  /** The full address: posted to and shown to WEBHOOK_WRITE holders; redacted in the audit log. */
  url_secret: string;
  event_types: ColumnType<string[], string[], string[]>;
  enabled: Generated<boolean>;
  /** Signs the deliveries: kept as it is (no encryption helper in lib/crypto.ts). */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
  disabled_at: Timestamp | null;
  /** 'failing' (disabled by the portal) or 'manual'. */
  disabled_reason: string | null;
  consecutive_failures: Generated<number>;
  /** The first failed attempt since the last delivered one. */
  failing_since: Timestamp | null;
  /** Batched delivery (migration 0043): up to this many events a request, or this long after the first; null: one. */
  batch_max_events: number | null;
  batch_max_ms: number | null;
  created_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One event's delivery to one webhook: its body (the same on every attempt) and how the attempts went. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  webhook_id: string;
  event_id: string;
  type: string;
  body: string;
  /** pending, retrying, delivered, failed. */
  status: Generated<string>;
  attempts: Generated<number>;
  response_code: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
  /** The events its body carries: 1, or a batch's count (type 'batch', migration 0043). */
  event_count: Generated<number>;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
