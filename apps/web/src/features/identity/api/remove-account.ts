import { type MessageResponse, messageResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /api/remove-your-account/userId/{id}/scopeId/{scopeId}: deletes the signed-in user's own account. */
export function removeAccount({
  userId,
  scopeId,
}: {
  userId: string;
  scopeId: string;
}): Promise<MessageResponse> {
  return apiRequest(
    `/api/remove-your-account/userId/${encodeURIComponent(userId)}/scopeId/${encodeURIComponent(scopeId)}`,
    { method: 'DELETE', schema: messageResponse },
  );
}

export function useRemoveAccount() {
  return useMutation({ mutationFn: removeAccount });
}
