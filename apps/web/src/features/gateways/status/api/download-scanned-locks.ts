import { apiErrorFromResponse, isSessionLoss, noResponseError } from '../../../../lib/api-error.ts';
import { clearSession } from '../../../../lib/session.ts';

/** GET /api/gateway/{mac}/scanned-locks: ScannedData.csv of the last scan. apiRequest reads JSON only. */
export async function downloadScannedLocks(macId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/gateway/${encodeURIComponent(macId)}/scanned-locks`, {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch (cause) {
    throw noResponseError(cause);
  }
  if (!response.ok) {
    const error = apiErrorFromResponse(response.status, await response.text());
    if (isSessionLoss(error.status, error.message)) {
      clearSession();
      window.location.assign('#/login');
    }
    throw error;
  }
  return response.blob();
}
