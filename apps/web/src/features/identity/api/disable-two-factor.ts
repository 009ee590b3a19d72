import { type MessageResponse, messageResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** DELETE /api/disableTwoFA/user?email=: turns 2FA off. */
export function disableTwoFactor(email: string): Promise<MessageResponse> {
  return apiRequest(`/api/disableTwoFA/user?email=${encodeURIComponent(email)}`, {
    method: 'DELETE',
    schema: messageResponse,
  });
}

export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
