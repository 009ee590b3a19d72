import type { AuditEntry } from '@portal/contract';

export interface AuditFilter {
  who: string;
  what: string;
  target: string;
  /** datetime-local values ('2026-11-25T10:00'), local time; '' for none. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: AuditFilter = { who: '', what: '', target: '', from: '', to: '' };

/** The query string of GET /api/audit (and its CSV twin) for a filter and a page. */
export function auditSearch(filter: AuditFilter, page?: number, pageSize?: number): string {
  const params = new URLSearchParams();
  for (const key of ['who', 'what', 'target'] as const)
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

/** 'name: Old → New' per changed field, as the Activity screen lists them. */
export function changeLines(summary: AuditEntry['summary']): string[] {
  return Object.entries(summary).map(
    ([field, change]) => `${field}: ${show(change.from)} → ${show(change.to)}`,
  );
}
