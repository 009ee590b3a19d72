import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { saveDownload } from '../../../lib/save-file.ts';
import { type AuditFilter, auditSearch } from '../audit-filter.ts';

/** GET /api/audit/csv: Activity.csv, the rows of the same filter, unpaged. */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  const file = await apiRequest(`/api/audit/csv?${auditSearch(filter)}`, { download: true });
  saveDownload(file, 'Activity.csv');
}

export function useDownloadAuditCsv() {
  return useMutation({ mutationFn: downloadAuditCsv });
}
