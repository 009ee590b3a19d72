import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { tellOtherTabs } from '../../../lib/browser-tabs.ts';
import { LOGIN_PATH } from '../../../lib/home-path.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { authPathWith, signInReason } from '../../../lib/return-path.ts';
import { clearSession } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';

/**
 * /logout: ends the server session (a failure is ignored), clears the local session, opens the login page;
 * an idle sign-out (`?reason=idle&next=...`) passes on why and where the user was. The browser's other tabs
 * shared that session: they go to the login page too.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const t = useT('auth');
  const [searchParams] = useSearchParams();
  const reason = signInReason(searchParams.get('reason'));
  const loginPath = authPathWith(LOGIN_PATH, { reason, next: searchParams.get('next') });
  useEffect(() => {
    void logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        tellOtherTabs({ kind: 'signed-out', reason: reason === 'idle' ? 'idle' : null });
        navigate(loginPath, { replace: true });
      });
  }, [navigate, loginPath, reason]);
  return <CenteredProgress label={t('signingOut')} />;
}
