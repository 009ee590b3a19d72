import {
  AUDIT_CSV_MAX_ROWS,
  type AuditEntry,
  type AuditPage,
  type auditQuery,
  type Language,
} from '@portal/contract';
import type { z } from 'zod';
import { csvCell } from '../../lib/csv.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { AuditFilter, AuditRepository } from './audit.repository.ts';
import { describeAudit } from './audit-phrases.ts';

type Query = z.output<typeof auditQuery>;
type Row = Awaited<ReturnType<AuditRepository['rows']>>[number];

/** Words of a search beyond these are ignored (each is one more condition over every row). */
const MAX_WORDS = 8;

const CSV_HEADER = [
  'Time',
  'Activity',
  'Who',
  'Action',
  'Operation',
  'Table',
  'Target',
  'Customer',
  'Changes',
  'Request',
  'Address',
];

/**
 * The Activity screen's reads of the audit log (docs/audit.md): root reads everything; any other user the
 * changes made in its own tenant and the tenants below it, or by users of those tenants. Not the free tier:
 * its members share one scope but are strangers to each other (the scope's rows are their sign-ups, names,
 * phones and addresses), and the web app offers them no Activity screen, so they are refused.
 */
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  private filter(principal: Principal, query: Query): AuditFilter {
    if (principal.freeTierMember) throw forbidden();
    return {
      scopeId: principal.isRoot ? null : principal.tenantId,
      words: query.q.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS),
      who: query.who,
      thing: query.thing,
      name: query.name,
      action: query.action,
      what: query.what,
      target: query.target,
      from: query.from,
      to: query.to,
    };
  }

  /** A page of rows, each told in the language given (the one the caller's screen shows). */
  async page(principal: Principal, query: Query, language: Language = 'en'): Promise<AuditPage> {
    const { items, total } = await this.repo.page(
      this.filter(principal, query),
      query.page * query.pageSize,
      query.pageSize,
    );
    return { items: items.map((row) => toEntry(row, language)), total };
  }

  /** Activity.csv: its columns are named in English; the sentence is in the language given. */
  async csv(principal: Principal, query: Query, language: Language = 'en'): Promise<string> {
    const rows = await this.repo.rows(this.filter(principal, query), 0, AUDIT_CSV_MAX_ROWS);
    const lines = [CSV_HEADER.join(',')];
    for (const row of rows.map((one) => toEntry(one, language)))
      lines.push(
        [
          row.at,
          row.description.text,
          row.actorEmail,
          row.action,
          row.operation,
          row.table,
          row.targetId,
          row.tenantName,
          describeChanges(row.summary),
          row.requestId,
          row.address,
        ]
          .map((v) => csvCell(v))
          .join(','),
      );
    return `${lines.join('\r\n')}\r\n`;
  }
}

/** 'name: Old -> New; colour: #fff -> #000' */
export function describeChanges(summary: AuditEntry['summary']): string {
  const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  return Object.entries(summary)
    .map(([field, change]) => `${field}: ${show(change.from)} -> ${show(change.to)}`)
    .join('; ');
}

function toEntry(row: Row, language: Language): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    description: describeAudit(
      {
        kind: row.kind,
        table: row.table_name,
        operation: row.operation,
        actorUserId: row.actor_user_id,
        actorEmail: row.actor_email,
        fields: row.fields,
        subject: row.subject,
        summary: row.summary ?? {},
        tenantName: row.tenant_name,
      },
      language,
    ),
    actorEmail: row.actor_email,
    actorTenantId: row.actor_tenant_id,
    action: row.action,
    operation: row.operation,
    table: row.table_name,
    targetId: row.target_id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name ?? null,
    summary: row.summary ?? {},
    requestId: row.request_id,
    address: row.address,
  };
}
