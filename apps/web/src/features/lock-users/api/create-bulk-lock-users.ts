import { type BulkLockUserRow, type BulkLockUsersResponse, bulkLockUsersResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/create-bulk-iot-lock-users?isCardUsers=: one batch of at most 500 rows, a result for each. */
export function createBulkLockUsers(
  rows: BulkLockUserRow[],
  isCardUsers: boolean,
): Promise<BulkLockUsersResponse> {
  return apiRequest(`/api/create-bulk-iot-lock-users?isCardUsers=${isCardUsers}`, {
    method: 'POST',
    body: rows,
    schema: bulkLockUsersResponse,
  });
}
