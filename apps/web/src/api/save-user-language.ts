import type { Language } from '@portal/contract';
import { apiRequest } from '../lib/api.ts';

/** PUT /api/user-details/language: the signed-in user's own language, kept on the server (docs/i18n.md). */
export function saveUserLanguage(language: Language): Promise<void> {
  return apiRequest('/api/user-details/language', { method: 'PUT', body: { language } });
}
