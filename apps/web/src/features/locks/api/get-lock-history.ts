import { type LockHistory, lockHistory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const lockHistoryKey = (scopeId: string, macId: string, start: number, end: number) =>
  ['locks', 'history', scopeId, macId, start, end] as const;

/** GET /api/lock-history/start/{s}/end/{e}/macId/{m}/scopeId/{id}: newest first, at most 500 entries. */
export function getLockHistory(
  scopeId: string,
  macId: string,
  start: number,
  end: number,
  signal?: AbortSignal,
): Promise<LockHistory> {
  const path = `/api/lock-history/start/${start}/end/${end}/macId/${encodeURIComponent(macId)}/scopeId/${encodeURIComponent(scopeId)}`;
  return apiRequest(path, { schema: lockHistory, signal });
}

export const lockHistoryQueryOptions = (scopeId: string, macId: string, start: number, end: number) =>
  queryOptions({
    queryKey: lockHistoryKey(scopeId, macId, start, end),
    queryFn: ({ signal }) => getLockHistory(scopeId, macId, start, end, signal),
  });

export function useLockHistory(scopeId: string, macId: string, start: number, end: number) {
  return useQuery(lockHistoryQueryOptions(scopeId, macId, start, end));
}
