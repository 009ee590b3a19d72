import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { currentAuditSetting } from '../lib/audit-context.ts';

/**
 * Wraps the pool Kysely borrows connections from: a connection lent during a state-changing call carries
 * that call's audit context in the session setting `portal.audit_context` (docs/audit.md), one lent outside
 * any call carries none. A connection is lent to one borrower at a time (a pg pool client, or PGlite's single
 * connection, queued), so the setting of one call never shows in another's statements. The setting is only
 * written when it differs from what the connection already has, so ordinary traffic pays nothing.
 */
export class AuditContextPool implements PostgresPool {
  private readonly settings = new WeakMap<object, string>();
  private readonly single = {};

  /** `singleConnection`: every client the inner pool lends is one and the same connection (PGlite). */
  constructor(
    private readonly inner: PostgresPool,
    private readonly singleConnection = false,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.inner.connect();
    const wanted = currentAuditSetting();
    const key = this.singleConnection ? this.single : client;
    if ((this.settings.get(key) ?? '') === wanted) return client;
    try {
      await client.query("select set_config('portal.audit_context', $1, false)", [wanted]);
    } catch (error) {
      client.release();
      throw error;
    }
    this.settings.set(key, wanted);
    return client;
  }

  end(): Promise<void> {
    return this.inner.end();
  }
}
