import type { PortalUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { applyPortalUsersMessage } from '../portal-users-cache.ts';
import { updateCachedPortalUserLists } from '../update-cached-lists.ts';

/** DELETE /api/delete-portal-user/userId/{id}/scopeId/{scopeId}. */
export function deletePortalUser(user: Pick<PortalUser, 'id' | 'scopeId'>): Promise<void> {
  const id = encodeURIComponent(user.id);
  const scopeId = encodeURIComponent(user.scopeId);
  return apiRequest(`/api/delete-portal-user/userId/${id}/scopeId/${scopeId}`, { method: 'DELETE' });
}

export function useDeletePortalUser(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortalUser,
    onSuccess: (_answer, user) =>
      updateCachedPortalUserLists(queryClient, scopeId, (page, params) =>
        applyPortalUsersMessage(page, params, { type: 'deleteUser', id: user.id }),
      ),
  });
}
