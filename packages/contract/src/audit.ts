import { z } from 'zod';

/**
 * What people did, as the Activity screen names it (docs/audit.md, "In people's words"): the kind of action
 * and the kind of thing of an audit row, with their labels (the screen's filters).
 */
export const AUDIT_ACTIONS = {
  created: 'Created',
  changed: 'Changed',
  deleted: 'Deleted',
  moved: 'Moved',
  unlocked: 'Unlocked',
  locked: 'Locked',
  commanded: 'Sent a command',
  granted: 'Gave access',
  revoked: 'Removed access',
  used: 'Used',
  revokedKey: 'Revoked a key',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
const auditAction = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);

export const AUDIT_THINGS = {
  customer: 'Customer',
  portalUser: 'Portal user',
  gateway: 'Gateway',
  lock: 'Lock',
  lockUser: 'Lock user',
  alert: 'Alert',
  firmware: 'Firmware',
  agentConfiguration: 'Agent configuration',
  emailTemplate: 'E-mail template',
  feedback: 'Feedback',
  apiKey: 'API key',
  webhook: 'Webhook',
  other: 'Other',
} as const;
export type AuditThing = keyof typeof AUDIT_THINGS;
const auditThing = z.enum(Object.keys(AUDIT_THINGS) as [AuditThing, ...AuditThing[]]);

/** One changed field as a person reads it: its label, the values before and after (none when not shown). */
export const auditChange = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChange>;

/**
 * An audit row described: who (by name as it was), the kind of action, the thing (kind and name as they were,
 * the gateway it is on), the changed fields that matter; `text` is the sentence made of it.
 */
export const auditDescription = z.object({
  action: auditAction,
  thing: auditThing,
  actor: z.string(),
  name: z.string().nullable(),
  gateway: z.string().nullable(),
  changes: z.array(auditChange),
  text: z.string(),
});
export type AuditDescription = z.infer<typeof auditDescription>;

/** One row of the audit log (docs/audit.md): a change made by a call, with what it changed. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  description: auditDescription,
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

const text = z.string().trim().max(100).optional().default('');

/** GET /api/audit and /api/audit/csv: search, filters over person, thing, action and time; newest first. */
export const auditQuery = z.object({
  /** Words of the sentence: each must be found in the names, the action, the thing or a changed field. */
  q: text,
  /** Part of the person's name or e-mail. */
  who: text,
  thing: auditThing.optional(),
  /** Part of the thing's name (or of its gateway's, customer's). */
  name: text,
  action: auditAction.optional(),
  /** Part of the raw action ('PUT /api/...') or the table name. */
  what: text,
  /** Part of the target's id. */
  target: text,
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditPage = z.object({ items: z.array(auditEntry), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPage>;
