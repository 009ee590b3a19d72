import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../lib/i18n/index.ts';
import { useSession } from '../lib/session.ts';
import { documentTitle } from './page-title.ts';

/** Keeps document.title naming the screen and the customer being viewed, in the language shown. */
export function useDocumentTitle(): void {
  const { pathname, search } = useLocation();
  const { userLoggedIn, tenantName } = useSession();
  const t = useT('app');
  const title = documentTitle(t, pathname, search, userLoggedIn ? tenantName : null);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
