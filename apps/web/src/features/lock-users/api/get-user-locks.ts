import {
  LOCK_LIST_MAX_PAGE_SIZE,
  type LockAccessState,
  type LockDevice,
  type LockRole,
  type LocksWithUsersPage,
  locksWithUsersPage,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** One of a user's assigned locks: the lock and the user's access on it. */
export interface AssignedLock {
  lock: LockDevice;
  passcode: string | null;
  role: LockRole;
  state: LockAccessState;
  revoking: boolean;
}

export const userLocksKey = (scopeId: string, userId: string) =>
  ['lockUsers', 'locks', scopeId, userId] as const;

/**
 * A user's assigned locks, from GET /api/iot-service/get-all-locks-users (the locks with their users). The
 * contract's query has no user filter yet: `userId` is passed for a server that takes it, and the answer is
 * filtered here (the largest page, 100 locks of the scope).
 */
export async function getUserLocks(
  scopeId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<AssignedLock[]> {
  const query = new URLSearchParams({
    scopeId,
    userId,
    page: '0',
    pageSize: String(LOCK_LIST_MAX_PAGE_SIZE),
  });
  const page = await apiRequest(`/api/iot-service/get-all-locks-users?${query}`, {
    schema: locksWithUsersPage,
    signal,
  });
  return assignedLocksOf(page, userId);
}

/** The locks of a locks-with-users page that `userId` is on, with the user's access on each. */
export function assignedLocksOf(page: LocksWithUsersPage, userId: string): AssignedLock[] {
  return page.locks.flatMap(({ users, ...lock }) => {
    const access = users.find((user) => user.userId === userId);
    return access
      ? [
          {
            lock,
            passcode: access.passcode,
            role: access.role,
            state: access.state,
            revoking: access.revoking,
          },
        ]
      : [];
  });
}

export const userLocksQueryOptions = (scopeId: string, userId: string) =>
  queryOptions({
    queryKey: userLocksKey(scopeId, userId),
    queryFn: ({ signal }) => getUserLocks(scopeId, userId, signal),
    enabled: scopeId !== '' && userId !== '',
  });

export function useUserLocks(scopeId: string, userId: string) {
  return useQuery(userLocksQueryOptions(scopeId, userId));
}
