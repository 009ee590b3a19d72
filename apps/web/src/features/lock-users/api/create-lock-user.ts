import { type CreateLockUserBody, type LockUserSaved, lockUserSaved } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { lockUserListsKey } from './get-lock-users.ts';

/** POST /api/create-new-iot-lock-user. */
export function createLockUser(body: CreateLockUserBody): Promise<LockUserSaved> {
  return apiRequest('/api/create-new-iot-lock-user', { method: 'POST', body, schema: lockUserSaved });
}

/** Creates the user, then asks the scope's lists again (the live channel tells the other browsers). */
export function useCreateLockUser(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockUserListsKey(scopeId) }),
  });
}
