import type { CustomersQuery } from '@portal/contract';
import { apiErrorFromResponse, isSessionLoss, noResponseError } from '../../../lib/api-error.ts';
import { clearSession } from '../../../lib/session.ts';
import { customersSearchParams } from '../customers-list.ts';

/** The file name of spec 000 section 2. */
export const CUSTOMERS_CSV_FILE_NAME = 'Customers.csv';

/**
 * GET /api/customers/csv with the list's filter and order: every matching customer as CSV (built on the
 * server, formula cells neutralised). apiRequest only reads JSON, so this call reads the body as a Blob.
 */
export async function downloadCustomersCsv(params: CustomersQuery, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api/customers/csv?${customersSearchParams(params, false)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
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
