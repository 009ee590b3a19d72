import { type PasscodeHistoryPage, passcodeHistoryPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const passcodeHistoryKey = (userId: string, page: number, pageSize: number) =>
  ['lock-users', 'passcode-history', userId, page, pageSize] as const;

/** GET /api/lock-user/passcode-history/userId/{id}?page&pageSize: a lock user's passcode changes, newest first. */
export function getPasscodeHistory(
  userId: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PasscodeHistoryPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest(`/api/lock-user/passcode-history/userId/${encodeURIComponent(userId)}?${query}`, {
    schema: passcodeHistoryPage,
    signal,
  });
}

export const passcodeHistoryQueryOptions = (userId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: passcodeHistoryKey(userId, page, pageSize),
    queryFn: ({ signal }) => getPasscodeHistory(userId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function usePasscodeHistory(userId: string, page: number, pageSize: number) {
  return useQuery(passcodeHistoryQueryOptions(userId, page, pageSize));
}
