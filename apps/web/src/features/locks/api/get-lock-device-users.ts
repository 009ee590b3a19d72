import { type LockDeviceUser, lockDeviceUsers } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const lockDeviceUsersKey = (scopeId: string, macId: string) =>
  ['locks', 'users', scopeId, macId] as const;

/** GET /api/iot-device-user/all?scopeId&macId: the lock users with access to one lock, and where their access is. */
export function getLockDeviceUsers(
  scopeId: string,
  macId: string,
  signal?: AbortSignal,
): Promise<LockDeviceUser[]> {
  return apiRequest(`/api/iot-device-user/all?${new URLSearchParams({ scopeId, macId })}`, {
    schema: lockDeviceUsers,
    signal,
  });
}

export const lockDeviceUsersQueryOptions = (scopeId: string, macId: string) =>
  queryOptions({
    queryKey: lockDeviceUsersKey(scopeId, macId),
    queryFn: ({ signal }) => getLockDeviceUsers(scopeId, macId, signal),
    enabled: scopeId !== '' && macId !== '',
  });

export function useLockDeviceUsers(scopeId: string, macId: string) {
  return useQuery(lockDeviceUsersQueryOptions(scopeId, macId));
}
