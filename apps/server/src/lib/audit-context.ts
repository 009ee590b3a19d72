import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is changing something, for the audit log (docs/audit.md): set around the handler of every
 * state-changing call and read by the database pool, which hands it to PostgreSQL as the session setting
 * `portal.audit_context` of the connection lent to that call. The audit trigger reads it from there.
 */
export interface AuditContext {
  userId: string | null;
  tenantId: string | null;
  /** 'PUT /api/users/:id': the route, not the URL (ids go to the target). */
  action: string;
  requestId: string;
  address: string;
}

const storage = new AsyncLocalStorage<AuditContext>();

/** Runs `work` (and everything it starts) as part of the call `context` describes. */
export function runWithAuditContext<T>(context: AuditContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the call running now, as the setting's text; '' outside any state-changing call. */
export function currentAuditSetting(): string {
  const context = storage.getStore();
  return context ? JSON.stringify(context) : '';
}
