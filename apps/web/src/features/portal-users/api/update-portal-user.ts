import { type PortalUser, portalUser, type UpdatePortalUserBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { applyPortalUsersMessage } from '../portal-users-cache.ts';
import { updateCachedPortalUserLists } from '../update-cached-lists.ts';

/** PUT /api/updatePortalUser: the updated user. */
export function updatePortalUser(body: UpdatePortalUserBody): Promise<PortalUser> {
  return apiRequest('/api/updatePortalUser', { method: 'PUT', body, schema: portalUser });
}

export function useUpdatePortalUser(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePortalUser,
    onSuccess: (user) =>
      updateCachedPortalUserLists(queryClient, scopeId, (page, params) =>
        applyPortalUsersMessage(page, params, { type: 'updateUser', user }),
      ),
  });
}
