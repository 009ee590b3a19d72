import { feedbackPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const feedbackQueryKey = ['feedback'] as const;

/** GET /api/feedback: the feedback received, newest first, a page at a time (root and support users). */
export function getFeedback(page: number, pageSize: number) {
  return apiRequest(`/api/feedback?page=${page}&pageSize=${pageSize}`, { schema: feedbackPage });
}

export const feedbackQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...feedbackQueryKey, page, pageSize],
    queryFn: () => getFeedback(page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useFeedback(page: number, pageSize: number) {
  return useQuery(feedbackQuery(page, pageSize));
}
