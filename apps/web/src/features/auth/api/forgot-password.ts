import { type MessageResponse, messageResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/forgotPassword: mails a reset link; the answer is the same whether or not the address is known. */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiRequest('/api/forgotPassword', {
    method: 'POST',
    body: { email },
    schema: messageResponse,
    endSessionOnLoss: false,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
