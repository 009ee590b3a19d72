import { type ChangePasswordBody, type MessageResponse, messageResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/changePassword: checks the old password; ends the user's other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/changePassword', { method: 'POST', body, schema: messageResponse });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
