import { type LockAccessLedger, type LocksPage, lockAccessLedger, locksPage } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const userLedgerKey = (userId: string) => ['lockUsers', 'ledger', userId] as const;

/** GET /api/lock-user-access/userId/{id}: the user's credentials on every lock, where each is, the gateways' queues. */
export function getUserLedger(userId: string, signal?: AbortSignal): Promise<LockAccessLedger> {
  return apiRequest(`/api/lock-user-access/userId/${encodeURIComponent(userId)}`, {
    schema: lockAccessLedger,
    signal,
  });
}

export const userLedgerQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userLedgerKey(userId), queryFn: ({ signal }) => getUserLedger(userId, signal) });

export function useUserLedger(userId: string) {
  return useQuery(userLedgerQueryOptions(userId));
}

/** The scope's locks matching `search` (first 100), to pick locks to give access to. */
export function useLocksToGrant(scopeId: string, search: string) {
  return useQuery({
    queryKey: ['lockUsers', 'grantable-locks', scopeId, search],
    queryFn: ({ signal }): Promise<LocksPage> =>
      apiRequest(
        `/api/iot-service/get-all-locks?${new URLSearchParams({ scopeId, search, page: '0', pageSize: '100' })}`,
        { schema: locksPage, signal },
      ),
  });
}
