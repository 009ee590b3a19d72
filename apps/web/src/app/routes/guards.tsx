import { accessMessages } from '@portal/contract';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { homePathFor, LOGIN_PATH } from '../../lib/home-path.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { notify } from '../../lib/notices.ts';
import { authPathWith } from '../../lib/return-path.ts';
import { type Session, sessionEndReason, useSession } from '../../lib/session.ts';

/** The signed-in frame loads after sign-in (it brings the live connection and the navigation). */
const AppShell = lazyPage(() => import('../shell/AppShell.tsx'), 'AppShell');

/**
 * The shell and its views need a session; without one the login page opens, says why the session ended if
 * it did, and leads back here after.
 */
export function RequireSession() {
  const { userLoggedIn } = useSession();
  const { pathname, search } = useLocation();
  if (userLoggedIn) return <AppShell />;
  const loginPath = authPathWith(LOGIN_PATH, { reason: sessionEndReason(), next: `${pathname}${search}` });
  return <Navigate to={loginPath} replace />;
}

interface RequireAccessProps {
  allows: (session: Session) => boolean;
  children: ReactNode;
}

/** A view the user may not open (same rules as the menus that link to it) sends the user home, saying so. */
export function RequireAccess({ allows, children }: RequireAccessProps) {
  const session = useSession();
  if (allows(session)) return children;
  return <SentHome to={homePathFor(session) ?? LOGIN_PATH} />;
}

function SentHome({ to }: { to: string }) {
  useEffect(() => {
    notify({ variant: 'info', text: accessMessages.refusedAddress });
  }, []);
  return <Navigate to={to} replace />;
}
