import { apiRequest, type DownloadedFile } from '../../../lib/api.ts';

/** GET /api/gateway/{mac}/scanned-locks: ScannedData.csv of the last scan. */
export function downloadScannedLocks(macId: string): Promise<DownloadedFile> {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/scanned-locks`, {
    download: true,
    headers: { Accept: 'text/csv' },
  });
}
