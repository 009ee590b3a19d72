import { LOCK_USERS_CSV_FILE_NAME } from '@portal/contract';
import { apiRequest, type DownloadedFile } from '../../../lib/api.ts';

export { LOCK_USERS_CSV_FILE_NAME };

/**
 * GET /api/lock-users/csv with the list's scope and search: every matching lock user, a row per user and lock
 * (spec 002 section 3, 'a similar set' to the lock export), built on the server ('-' for empty cells).
 */
export function downloadLockUsersCsv(scopeId: string, search: string): Promise<DownloadedFile> {
  return apiRequest(`/api/lock-users/csv?${new URLSearchParams({ scopeId, search })}`, {
    download: true,
    headers: { Accept: 'text/csv' },
  });
}
