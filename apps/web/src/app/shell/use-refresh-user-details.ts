import { useEffect } from 'react';
import { useUserDetails } from '../../api/get-user-details.ts';
import { sessionStore } from '../../lib/session.ts';
import { restartAsBrowserUser } from '../browser-session.ts';

/**
 * On entering the shell (also after a reload), asks the server who is signed in: fresh permissions and names
 * go into the session, and a session the server no longer knows ends here (401 -> login). Someone else
 * signed in in this browser meanwhile (a tab that missed it, e.g. restored): the tab starts again as them.
 */
export function useRefreshUserDetails(enabled: boolean): void {
  const { data } = useUserDetails(enabled);
  useEffect(() => {
    if (!data) return;
    if (data.user.id === sessionStore.get().user?.id) sessionStore.refreshUser(data);
    else restartAsBrowserUser();
  }, [data]);
}
