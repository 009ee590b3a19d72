import { apiRequest } from '../../../lib/api.ts';

/** POST /api/logout: ends the server session. Signing out locally does not wait for or depend on it. */
export function logout(): Promise<void> {
  return apiRequest('/api/logout', { method: 'POST', endSessionOnLoss: false });
}
