import { type CreatePortalUserBody, type PortalUser, portalUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { applyPortalUsersMessage } from '../portal-users-cache.ts';
import { updateCachedPortalUserLists } from '../update-cached-lists.ts';

/** POST /api/createPortalUser: 201 with the new user; 409 with the duplicate-email message. */
export function createPortalUser(body: CreatePortalUserBody): Promise<PortalUser> {
  return apiRequest('/api/createPortalUser', { method: 'POST', body, schema: portalUser });
}

/** The new user joins the scope's cached lists as its live message would put it. */
export function useCreatePortalUser(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPortalUser,
    onSuccess: (user) =>
      updateCachedPortalUserLists(queryClient, scopeId, (page, params) =>
        applyPortalUsersMessage(page, params, { type: 'newUser', user }),
      ),
  });
}
