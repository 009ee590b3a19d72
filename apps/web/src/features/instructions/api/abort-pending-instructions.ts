import { abortInstructionsResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { pendingInstructionsQueryKey } from './get-pending-instructions.ts';

/** PUT /api/abort/pending-instructions: the chosen instructions become ABORTED. */
export function abortPendingInstructions(instructionIds: string[]): Promise<{ aborted: number }> {
  return apiRequest('/api/abort/pending-instructions', {
    method: 'PUT',
    body: { instructionIds },
    schema: abortInstructionsResult,
  });
}

export function useAbortPendingInstructions(macId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abortPendingInstructions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingInstructionsQueryKey(macId) }),
  });
}
