import { type CreateApiKeyBody, createdApiKey } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** POST /api/api-keys: a key of the user's own customer; the answer holds its secret, shown once. */
export function createApiKey(body: CreateApiKeyBody) {
  return apiRequest('/api/api-keys', { method: 'POST', body, schema: createdApiKey });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
