import { useEffect } from 'react';
import { useUserDetails } from '../../api/get-user-details.ts';
import { sessionStore } from '../../lib/session.ts';

/**
 * On entering the shell (also after a reload), asks the server who is signed in: fresh permissions and names
 * go into the session, and a session the server no longer knows ends here (401 -> login).
 */
export function useRefreshUserDetails(enabled: boolean): void {
  const { data } = useUserDetails(enabled);
  useEffect(() => {
    if (data) sessionStore.refreshUser(data);
  }, [data]);
}
