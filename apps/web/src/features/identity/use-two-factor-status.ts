import { live } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '../../api/get-user-details.ts';
import { useLiveTopic } from '../../lib/mqtt.ts';
import { useSession } from '../../lib/session.ts';
import { applyTwoFactorLiveMessage, withTwoFactorStatus } from './two-factor-rules.ts';

/*
 * The 2FA status is written into the cached user details; the shell copies fresh user details into the
 * session store (useRefreshUserDetails), so the stored user and the switch follow.
 */

/** Records a 2FA change made here. */
export function useSetTwoFactorStatus(): (secureAuthentication: boolean) => void {
  const queryClient = useQueryClient();
  return (secureAuthentication) =>
    queryClient.setQueryData(userDetailsQueryOptions().queryKey, (details) =>
      withTwoFactorStatus(details, secureAuthentication),
    );
}

/** Follows 2FA changes made elsewhere (another tab, an administrator) from the user's own two-factor channel. */
export function useLiveTwoFactorStatus(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useLiveTopic(user ? live.twoFactor(user.scopeId, user.id) : null, (message) =>
    queryClient.setQueryData(userDetailsQueryOptions().queryKey, (details) =>
      applyTwoFactorLiveMessage(details, message),
    ),
  );
}
