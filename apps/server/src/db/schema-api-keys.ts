import type { ColumnType, Generated } from 'kysely';

/** A customer's API key (migration 0037, docs/api-keys.md); the key itself is only its SHA-256. */
export interface ApiKeysTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  secret_hash: string;
  permissions: ColumnType<string[], string[], string[]>;
  /** Null once the creator was removed: the key then no longer works. */
  created_by: string | null;
  created_by_email: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  last_used_at: Date | null;
  last_used_address: string | null;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
}
