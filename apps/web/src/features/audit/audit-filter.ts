import type { AuditAction, AuditEntry, AuditThing } from '@portal/contract';

export interface AuditFilter {
  /** Words of the sentence ('unlock', 'Rita door'). */
  q: string;
  /** Part of the person's name or e-mail. */
  who: string;
  thing: AuditThing | '';
  /** Part of the thing's name. */
  name: string;
  action: AuditAction | '';
  /** datetime-local values ('2026-11-25T10:00'), local time; '' for none. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: AuditFilter = {
  q: '',
  who: '',
  thing: '',
  name: '',
  action: '',
  from: '',
  to: '',
};

/** The query string of GET /api/audit (and its CSV twin) for a filter and a page. */
export function auditSearch(filter: AuditFilter, page?: number, pageSize?: number): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'who', 'thing', 'name', 'action'] as const)
    if (filter[key].trim()) params.set(key, filter[key].trim());
  for (const key of ['from', 'to'] as const) {
    const ms = filter[key] ? Date.parse(filter[key]) : Number.NaN;
    if (!Number.isNaN(ms)) params.set(key, new Date(ms).toISOString());
  }
  if (page !== undefined) params.set('page', String(page));
  if (pageSize !== undefined) params.set('pageSize', String(pageSize));
  return params.toString();
}

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** 'name: Old → New' per changed field of the raw row (root's detail). */
export function changeLines(summary: AuditEntry['summary']): string[] {
  return Object.entries(summary).map(
    ([field, change]) => `${field}: ${show(change.from)} → ${show(change.to)}`,
  );
}
