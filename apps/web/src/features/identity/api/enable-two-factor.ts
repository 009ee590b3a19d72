import { type MessageResponse, messageResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** PUT /api/enableTwoFA: turns 2FA on with a code from the pending secret. */
export function enableTwoFactor(body: { email: string; code: string }): Promise<MessageResponse> {
  return apiRequest('/api/enableTwoFA', { method: 'PUT', body, schema: messageResponse });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
