import type { SaveFeedbackBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';
import { feedbackQueryKey } from './get-feedback.ts';

const saved = z.object({ message: z.string(), id: z.string() });

/** POST /api/saveFeedBack (spec 002 section 7): the sender's e-mail and the editor's HTML. */
export function saveFeedback(body: SaveFeedbackBody) {
  return apiRequest('/api/saveFeedBack', { method: 'POST', body, schema: saved });
}

export function useSaveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackQueryKey }),
  });
}
