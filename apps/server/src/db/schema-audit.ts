import type { Language } from '@portal/contract';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Feedback (spec 002 section 3), stored sanitised. */
export interface FeedbackTable {
  id: Generated<string>;
  tenant_id: string | null;
  user_id: string | null;
  email: string;
  body: string;
  created_at: CreatedAt;
}

/** A template changed by root; templates never changed are the defaults in code. */
export interface EmailTemplatesTable {
  name: string;
  /** The language of this text (docs/i18n.md); the key is (name, language). */
  language: ColumnType<Language, Language | undefined, Language>;
  subject: string;
  body: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}

/** Written only by the audit trigger (docs/audit.md); never updated, deleted only past the retention. */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: ColumnType<Date, never, never>;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_tenant_id: string | null;
  action: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  table_name: string;
  target_id: string | null;
  tenant_id: string | null;
  scope_path: string[];
  summary: Record<string, { from?: unknown; to?: unknown }>;
  request_id: string | null;
  address: string | null;
  /** Names as they were when written (migration 0036); null on older rows. */
  subject: ColumnType<AuditSubject | null, never, never>;
}

/** What an audit row is about, named as it was (docs/audit.md, "In people's words"). */
export interface AuditSubject {
  actor?: string;
  /** A few identifying fields of the row: name, alert_name, type, kind, action, first_name, e-mail, MAC... */
  fields?: Record<string, string | number | boolean>;
  customer?: string;
  gateway?: string;
  lock?: string;
  user?: string;
  alert?: string;
  moved?: { from?: string; to?: string };
}

export interface AuditSettingsTable {
  id: number;
  retention_days: number;
}

export interface AuditTables {
  feedback: FeedbackTable;
  email_templates: EmailTemplatesTable;
  audit_log: AuditLogTable;
  audit_settings: AuditSettingsTable;
}
