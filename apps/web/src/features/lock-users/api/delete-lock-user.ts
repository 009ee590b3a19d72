import { lockUserDeleted } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api.ts';
import { lockUserListsKey } from './get-lock-users.ts';

/**
 * DELETE /api/delete-iot-device-user/userId/{id}. Refused with 409 when the user is on locks whose gateway is not
 * connected; the error's details list them (lockUserDeleteBlockedDetails).
 */
export function deleteLockUser(id: string): Promise<z.infer<typeof lockUserDeleted>> {
  return apiRequest(`/api/delete-iot-device-user/userId/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: lockUserDeleted,
  });
}

export function useDeleteLockUser(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lockUserListsKey(scopeId) }),
  });
}
