import { auditPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { useCurrentLanguage } from '../../../lib/i18n/index.ts';
import { type AuditFilter, auditSearch } from '../audit-filter.ts';

/** GET /api/audit: the changes the user may see, newest first, filtered. */
export function getAudit(filter: AuditFilter, page: number, pageSize: number) {
  return apiRequest(`/api/audit?${auditSearch(filter, page, pageSize)}`, { schema: auditPage });
}

/** The sentences are told in the language shown (Accept-Language): another language is another answer. */
export const auditQuery = (filter: AuditFilter, page: number, pageSize: number, language: string) =>
  queryOptions({
    queryKey: ['audit', filter, page, pageSize, language],
    queryFn: () => getAudit(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: AuditFilter, page: number, pageSize: number) {
  return useQuery(auditQuery(filter, page, pageSize, useCurrentLanguage()));
}
