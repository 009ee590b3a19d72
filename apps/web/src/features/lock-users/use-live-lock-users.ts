import { type LockUsersPage, live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { lockUserListsKey } from './api/get-lock-users.ts';
import { applyLockUsersMessage, REFETCH } from './lock-users-cache.ts';

/** Keeps the scope's cached lock-user lists current from its lockUsers channel (newUser, updateUser, deleteUser). */
export function useLiveLockUsers(scopeId: string): void {
  const queryClient = useQueryClient();
  useLiveTopic(scopeId ? live.lockUsers(scopeId) : null, (message) => {
    let refetch = false;
    for (const [key, page] of queryClient.getQueriesData<LockUsersPage>({
      queryKey: lockUserListsKey(scopeId),
    })) {
      if (!page) continue;
      const next = applyLockUsersMessage(page, message);
      if (next === REFETCH) refetch = true;
      else if (next !== page) queryClient.setQueryData(key, next);
    }
    if (refetch) void queryClient.invalidateQueries({ queryKey: lockUserListsKey(scopeId) });
  });
}
