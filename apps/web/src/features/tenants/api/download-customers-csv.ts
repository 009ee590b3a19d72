import type { CustomersQuery } from '@portal/contract';
import { apiRequest, type DownloadedFile } from '../../../lib/api.ts';
import { customersSearchParams } from '../customers-list.ts';

/** The file name of spec 000 section 2. */
export const CUSTOMERS_CSV_FILE_NAME = 'Customers.csv';

/**
 * GET /api/customers/csv with the list's filter and order: every matching customer as CSV (built on the
 * server, formula cells neutralised).
 */
export function downloadCustomersCsv(params: CustomersQuery, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiRequest(`/api/customers/csv?${customersSearchParams(params, false)}`, {
    download: true,
    headers: { Accept: 'text/csv' },
    signal,
  });
}
