import { type LockAccessLedger, lockAccessLedger } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const lockLedgerKey = (lockId: string) => ['locks', 'ledger', lockId] as const;

/** GET /api/lock-user-access/lockId/{id}: where each user's credential is on the lock, and its gateway's queue. */
export function getLockLedger(lockId: string, signal?: AbortSignal): Promise<LockAccessLedger> {
  return apiRequest(`/api/lock-user-access/lockId/${encodeURIComponent(lockId)}`, {
    schema: lockAccessLedger,
    signal,
  });
}

export const lockLedgerQueryOptions = (lockId: string) =>
  queryOptions({ queryKey: lockLedgerKey(lockId), queryFn: ({ signal }) => getLockLedger(lockId, signal) });

export function useLockLedger(lockId: string) {
  return useQuery(lockLedgerQueryOptions(lockId));
}
