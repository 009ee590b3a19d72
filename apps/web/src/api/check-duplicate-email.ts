import { type DuplicateEmailResponse, duplicateEmailResponse } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api.ts';

/** GET /api/check-duplicate-user-email/{email}: whether the address is taken, with the message to show. */
export function checkDuplicateUserEmail(
  email: string,
  signal?: AbortSignal,
): Promise<DuplicateEmailResponse> {
  return apiRequest(`/api/check-duplicate-user-email/${encodeURIComponent(email)}`, {
    schema: duplicateEmailResponse,
    signal,
  });
}

export const duplicateEmailQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['portalUsers', 'duplicateEmail', email] as const,
    queryFn: ({ signal }) => checkDuplicateUserEmail(email, signal),
    enabled: email !== '',
    staleTime: 0,
  });

/** Asks about `email` ('' asks nothing). */
export function useDuplicateEmailCheck(email: string) {
  return useQuery(duplicateEmailQueryOptions(email));
}
