import { apiKeyList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /api/api-keys?scopeId=: the keys of the customer being viewed, newest first (API_KEY_WRITE). */
export function getApiKeys(scopeId: string) {
  return apiRequest(`/api/api-keys?scopeId=${encodeURIComponent(scopeId)}`, { schema: apiKeyList });
}

export const apiKeysQuery = (scopeId: string) =>
  queryOptions({ queryKey: [...apiKeysQueryKey, scopeId], queryFn: () => getApiKeys(scopeId) });

export function useApiKeys(scopeId: string) {
  return useQuery(apiKeysQuery(scopeId));
}
