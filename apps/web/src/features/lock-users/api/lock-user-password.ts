import {
  type LockUserLinkSent,
  lockUserLinkSent,
  type MessageResponse,
  messageResponse,
  type ResetPasswordBody,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/resend-activation-link/emailId/{email}?scopeId=: mails the lock user its password link. */
export function resendActivationLink(email: string, scopeId: string): Promise<LockUserLinkSent> {
  const query = new URLSearchParams({ scopeId });
  return apiRequest(`/api/resend-activation-link/emailId/${encodeURIComponent(email)}?${query}`, {
    method: 'POST',
    schema: lockUserLinkSent,
  });
}

export function useResendActivationLink(scopeId: string) {
  return useMutation({ mutationFn: (email: string) => resendActivationLink(email, scopeId) });
}

/** POST /api/lock-user/resetPassword: the lock user sets the app password from its link (no session). */
export function resetLockUserPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/lock-user/resetPassword', {
    method: 'POST',
    body,
    schema: messageResponse,
    // A 401 here means a used link, not a lost session.
    endSessionOnLoss: false,
  });
}

export function useResetLockUserPassword() {
  return useMutation({ mutationFn: resetLockUserPassword });
}
