import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { homePathFor, LOGIN_PATH } from '../../lib/home-path.ts';
import { type Session, useSession } from '../../lib/session.ts';
import { AppShell } from '../shell/AppShell.tsx';

/** The shell and its views need a session; without one the login page opens. */
export function RequireSession() {
  const { userLoggedIn } = useSession();
  return userLoggedIn ? <AppShell /> : <Navigate to={LOGIN_PATH} replace />;
}

interface RequireAccessProps {
  allows: (session: Session) => boolean;
  children: ReactNode;
}

/** A view the user may not open (same rules as the menus that link to it) sends the user home. */
export function RequireAccess({ allows, children }: RequireAccessProps) {
  const session = useSession();
  if (allows(session)) return children;
  return <Navigate to={homePathFor(session) ?? LOGIN_PATH} replace />;
}
