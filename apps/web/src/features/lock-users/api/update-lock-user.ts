import { type LockUserSaved, lockUserSaved, type UpdateLockUserBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { lockUserListsKey } from './get-lock-users.ts';

/** PUT /api/update-iot-device-users/userId/{id}: the e-mail is fixed and left out. */
export function updateLockUser(id: string, body: UpdateLockUserBody): Promise<LockUserSaved> {
  return apiRequest(`/api/update-iot-device-users/userId/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: lockUserSaved,
  });
}

export function useUpdateLockUser(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLockUserBody }) => updateLockUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockUserListsKey(scopeId) }),
  });
}
