import { type MessageResponse, messageResponse, type ResetPasswordBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/resetPassword: sets the password from an e-mailed link (no session needed). */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/resetPassword', {
    method: 'POST',
    body,
    schema: messageResponse,
    // A 401 here means a used link, not a lost session.
    endSessionOnLoss: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
