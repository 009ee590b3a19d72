import { live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { applyPortalUsersMessage, applyTwoFactorMessage } from './portal-users-cache.ts';
import { updateCachedPortalUserLists } from './update-cached-lists.ts';

/** Keeps the scope's cached user lists current from its portal-users and two-factor channels. */
export function useLivePortalUsers(scopeId: string): void {
  const queryClient = useQueryClient();
  useLiveTopic(scopeId ? live.portalUsers(scopeId) : null, (message) =>
    updateCachedPortalUserLists(queryClient, scopeId, (page, params) =>
      applyPortalUsersMessage(page, params, message),
    ),
  );
  useLiveTopic(scopeId ? live.twoFactor(scopeId, '+') : null, (message) =>
    updateCachedPortalUserLists(queryClient, scopeId, (page) => applyTwoFactorMessage(page, message)),
  );
}
