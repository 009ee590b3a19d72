import { z } from 'zod';

/** One row of the audit log (docs/audit.md): a change made by a call, with what it changed. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  actorTenantId: z.string().nullable(),
  action: z.string(),
  operation: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  table: z.string(),
  targetId: z.string().nullable(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  /** Per changed field: its value before ('from') and after ('to'); secrets show as '[redacted]'. */
  summary: z.record(z.string(), z.object({ from: z.unknown().optional(), to: z.unknown().optional() })),
  requestId: z.string().nullable(),
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const AUDIT_CSV_MAX_ROWS = 10_000;

/** GET /api/audit and /api/audit/csv: filters over who, what, target and time; newest first. */
export const auditQuery = z.object({
  /** Part of the actor's e-mail. */
  who: z.string().trim().max(100).optional().default(''),
  /** Part of the action ('PUT /api/...') or the table name. */
  what: z.string().trim().max(100).optional().default(''),
  /** Part of the target's id. */
  target: z.string().trim().max(100).optional().default(''),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditPage = z.object({ items: z.array(auditEntry), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPage>;
