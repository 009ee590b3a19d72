import { type LocksPage, live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { lockDeviceUsersKey } from './api/get-lock-device-users.ts';
import { lockListsKey } from './api/get-locks.ts';
import { locksCountKey } from './api/get-locks-count.ts';
import { applyLocksMessage, changesLockCounts, lockListParams, mappedLock, REFETCH } from './locks-cache.ts';

/**
 * Keeps the scope's cached locks lists, counts and lock users current from its locks channel (spec 001 section 4):
 * rows change in place where the message says enough, otherwise the lists are asked again.
 */
export function useLiveLocks(scopeId: string): void {
  const queryClient = useQueryClient();
  useLiveTopic(scopeId ? live.locks(scopeId) : null, (message) => {
    let refetch = false;
    for (const [key, page] of queryClient.getQueriesData<LocksPage>({ queryKey: lockListsKey(scopeId) })) {
      const params = lockListParams.safeParse(key[3]);
      if (!page || !params.success) continue;
      const next = applyLocksMessage(page, params.data, message);
      if (next === REFETCH) refetch = true;
      else if (next !== page) queryClient.setQueryData(key, next);
    }
    if (refetch) void queryClient.invalidateQueries({ queryKey: lockListsKey(scopeId) });
    if (changesLockCounts(message)) void queryClient.invalidateQueries({ queryKey: locksCountKey(scopeId) });
    const macId = mappedLock(message);
    if (macId) void queryClient.invalidateQueries({ queryKey: lockDeviceUsersKey(scopeId, macId) });
  });
}
