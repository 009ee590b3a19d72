import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGOUT_PATH } from '../../lib/home-path.ts';
import { signOutSoon } from '../../lib/session.ts';

/**
 * Once `done`, signs the user out after `afterMs` (a changed password, a removed account): /logout then, not
 * the login page earlier when the server, which ended the session already, refuses a call meanwhile.
 */
export function useSignOutAfter(done: boolean, afterMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    signOutSoon();
    const timer = setTimeout(() => navigate(LOGOUT_PATH, { replace: true }), afterMs);
    return () => clearTimeout(timer);
  }, [done, afterMs, navigate]);
}
