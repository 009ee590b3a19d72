import { Navigate, useLocation } from 'react-router-dom';
import { ResetPasswordPage } from '../../features/identity/pages.ts';
import { entryPathFor, isResetPasswordPath, unknownRoutePathFor } from '../../lib/home-path.ts';
import { useSession } from '../../lib/session.ts';

/** Empty route and /home: root to the customers list, others with a session to their dashboard, else login. */
export function EntryRedirect() {
  return <Navigate to={entryPathFor(useSession())} replace />;
}

/** Any path containing reset-password/ shows the reset form; other unknown paths go home or to /logout. */
export function UnknownRoute() {
  const session = useSession();
  const { pathname } = useLocation();
  if (isResetPasswordPath(pathname)) return <ResetPasswordPage />;
  return <Navigate to={unknownRoutePathFor(session)} replace />;
}
