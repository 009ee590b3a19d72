import { type MessageResponse, messageResponse, type SignUpBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { type SignUpFormOutput, signUpRequest } from '../sign-up-rules.ts';
import { getGeneralUsersScopeId } from './get-general-users-scope-id.ts';

/** POST /api/portalUserSignup: creates the account and mails a link to set the password. */
export function signUp(body: SignUpBody): Promise<MessageResponse> {
  return apiRequest('/api/portalUserSignup', {
    method: 'POST',
    body,
    schema: messageResponse,
    endSessionOnLoss: false,
  });
}

/** Signs up into the general users' scope. */
export function useSignUp() {
  return useMutation({
    mutationFn: async (values: SignUpFormOutput) =>
      signUp(signUpRequest(values, await getGeneralUsersScopeId())),
  });
}
