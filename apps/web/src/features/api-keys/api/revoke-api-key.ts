import { apiKey } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** POST /api/api-keys/{id}/revoke: refused from the next call on. */
export function revokeApiKey(id: string) {
  return apiRequest(`/api/api-keys/${encodeURIComponent(id)}/revoke`, { method: 'POST', schema: apiKey });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
