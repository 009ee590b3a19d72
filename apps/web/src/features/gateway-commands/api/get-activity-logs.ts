import { type ActivityFeedInterval, type ActivityLogEntry, activityLogList } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { feedRange } from '../activity-feed.ts';

/** GET /api/gateway-activity-logs/logs?macId=&fromTime=&toTime=: the feed of one gateway, newest first. */
export function getActivityLogs(
  macId: string,
  range: { fromTime: number; toTime: number },
  signal?: AbortSignal,
): Promise<ActivityLogEntry[]> {
  const query = new URLSearchParams({
    macId,
    fromTime: String(range.fromTime),
    toTime: String(range.toTime),
  });
  return apiRequest(`/api/gateway-activity-logs/logs?${query}`, { schema: activityLogList, signal });
}

/** The range ends at the time of each fetch, so a refetch (a live event) includes what just happened. */
export function useActivityLogs(macId: string, interval: ActivityFeedInterval, enabled: boolean) {
  return useQuery({
    queryKey: ['gateways', 'activityLogs', macId, interval] as const,
    queryFn: ({ signal }) => getActivityLogs(macId, feedRange(interval, Date.now()), signal),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
