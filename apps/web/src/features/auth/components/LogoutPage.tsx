import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { LOGIN_PATH } from '../../../lib/home-path.ts';
import { authPathWith, signInReason } from '../../../lib/return-path.ts';
import { clearSession } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';

/**
 * /logout: ends the server session (a failure is ignored), clears the local session, opens the login page;
 * an idle sign-out (`?reason=idle&next=...`) passes on why and where the user was.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginPath = authPathWith(LOGIN_PATH, {
    reason: signInReason(searchParams.get('reason')),
    next: searchParams.get('next'),
  });
  useEffect(() => {
    void logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        navigate(loginPath, { replace: true });
      });
  }, [navigate, loginPath]);
  return <CenteredProgress label="Signing out" />;
}
