import { useEffect } from 'react';
import { LOGIN_ROUTE_HASH } from '../../lib/api.ts';

/** Spec 000 section 4: after a reset request or a sign-up the login page reloads, back at sign-in. */
export function useReloadToSignIn(afterMs: number | null): void {
  useEffect(() => {
    if (afterMs === null) return;
    const timer = setTimeout(() => {
      window.history.replaceState(null, '', LOGIN_ROUTE_HASH);
      window.location.reload();
    }, afterMs);
    return () => clearTimeout(timer);
  }, [afterMs]);
}
