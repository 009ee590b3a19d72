import type { DisableTwoFactorBody, PortalUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { applyTwoFactorMessage } from '../portal-users-cache.ts';
import { updateCachedPortalUserLists } from '../update-cached-lists.ts';

/**
 * DELETE /api/disableTwoFA/user?email=: one's own 2FA, or (owners, migrators) another user's; the body is the
 * signed-in user's own proof (a current code or their password).
 */
export function disableTwoFactor(email: string, proof: DisableTwoFactorBody): Promise<void> {
  return apiRequest(`/api/disableTwoFA/user?${new URLSearchParams({ email })}`, {
    method: 'DELETE',
    body: proof,
  });
}

export function useDisableTwoFactor(scopeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, proof }: { user: Pick<PortalUser, 'id' | 'email'>; proof: DisableTwoFactorBody }) =>
      disableTwoFactor(user.email, proof),
    onSuccess: (_answer, { user }) =>
      updateCachedPortalUserLists(queryClient, scopeId, (page) =>
        applyTwoFactorMessage(page, { userId: user.id, email: user.email, secureAuthentication: false }),
      ),
  });
}
