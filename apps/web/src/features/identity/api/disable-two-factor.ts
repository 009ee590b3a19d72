import { type DisableTwoFactorBody, type MessageResponse, messageResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /api/disableTwoFA/user?email=: turns 2FA off; the body proves it is the user (code or password). */
export function disableTwoFactor(email: string, proof: DisableTwoFactorBody): Promise<MessageResponse> {
  return apiRequest(`/api/disableTwoFA/user?email=${encodeURIComponent(email)}`, {
    method: 'DELETE',
    body: proof,
    schema: messageResponse,
  });
}

export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: ({ email, proof }: { email: string; proof: DisableTwoFactorBody }) =>
      disableTwoFactor(email, proof),
  });
}
