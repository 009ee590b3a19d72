import { type LoginBody, type LoginResponse, loginResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /api/login/twoFactorKey/{key}: `key` is a fresh random id per attempt, also sent as the twoFactorKey
 * header; a later authenticator-code step refers to the same key.
 */
export function login(body: LoginBody, twoFactorKey: string): Promise<LoginResponse> {
  return apiRequest(`/api/login/twoFactorKey/${encodeURIComponent(twoFactorKey)}`, {
    method: 'POST',
    body,
    headers: { twoFactorKey },
    schema: loginResponse,
    // A 401 here means wrong credentials, not a lost session.
    endSessionOnLoss: false,
  });
}
