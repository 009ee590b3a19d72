import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPortalUser } from '../../../api/create-portal-user.ts';
import { applyPortalUsersMessage } from '../portal-users-cache.ts';
import { updateCachedPortalUserLists } from '../update-cached-lists.ts';

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
