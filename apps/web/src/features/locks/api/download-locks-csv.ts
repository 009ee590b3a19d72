import { LOCKS_CSV_FILE_NAME } from '@portal/contract';
import { apiRequest, type DownloadedFile } from '../../../lib/api.ts';
import type { LockListParams } from '../locks-cache.ts';
import { locksSearchParams } from './get-locks.ts';

export { LOCKS_CSV_FILE_NAME };

/**
 * GET /api/locks/csv with the list's filters (scope, gateway, type, battery, credentials, search): every matching lock and its users,
 * in the columns of spec 002 section 3, built on the server ('-' for empty cells, formula cells neutralised).
 */
export function downloadLocksCsv(
  scopeId: string,
  params: Pick<LockListParams, 'macId' | 'type' | 'search' | 'battery' | 'access'>,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return apiRequest(`/api/locks/csv?${locksSearchParams(scopeId, params)}`, {
    download: true,
    headers: { Accept: 'text/csv' },
    signal,
  });
}
