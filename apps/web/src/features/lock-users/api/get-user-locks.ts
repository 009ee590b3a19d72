import {
  type LockAccessState,
  type LockDevice,
  type LockRole,
  type LocksWithUsersPage,
  locksWithUsersPage,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** One of a user's assigned locks: the lock and the user's access on it. */
export interface AssignedLock {
  lock: LockDevice;
  passcode: string | null;
  role: LockRole;
  state: LockAccessState;
  revoking: boolean;
}

export const userLocksKey = (scopeId: string, userId: string, page?: number, pageSize?: number) =>
  page === undefined
    ? (['lockUsers', 'locks', scopeId, userId] as const)
    : (['lockUsers', 'locks', scopeId, userId, page, pageSize] as const);

/** A page of a user's assigned locks and how many there are in all. */
export interface AssignedLocksPage {
  rows: AssignedLock[];
  total: number;
}

/**
 * A page of a user's assigned locks: GET /api/iot-service/get-all-locks-users?userId= (the server keeps only the
 * locks the user has access on, and pages them), with the user's access on each.
 */
export async function getUserLocks(
  scopeId: string,
  userId: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AssignedLocksPage> {
  const query = new URLSearchParams({ scopeId, userId, page: String(page), pageSize: String(pageSize) });
  const answer = await apiRequest(`/api/iot-service/get-all-locks-users?${query}`, {
    schema: locksWithUsersPage,
    signal,
  });
  return { rows: assignedLocksOf(answer, userId), total: answer.total };
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

export const userLocksQueryOptions = (scopeId: string, userId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: userLocksKey(scopeId, userId, page, pageSize),
    queryFn: ({ signal }) => getUserLocks(scopeId, userId, page, pageSize, signal),
    enabled: scopeId !== '' && userId !== '',
    placeholderData: keepPreviousData,
  });

export function useUserLocks(scopeId: string, userId: string, page: number, pageSize: number) {
  return useQuery(userLocksQueryOptions(scopeId, userId, page, pageSize));
}
