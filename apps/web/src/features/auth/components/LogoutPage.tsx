import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { LOGIN_PATH } from '../../../lib/home-path.ts';
import { clearSession } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';

/** /logout: ends the server session (a failure is ignored), clears the local session, opens the login page. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        navigate(LOGIN_PATH, { replace: true });
      });
  }, [navigate]);
  return <CenteredProgress label="Signing out" />;
}
