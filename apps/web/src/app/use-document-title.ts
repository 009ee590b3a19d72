import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../lib/session.ts';
import { documentTitle } from './page-title.ts';

/** Keeps document.title naming the screen and the customer being viewed. */
export function useDocumentTitle(): void {
  const { pathname, search } = useLocation();
  const { userLoggedIn, tenantName } = useSession();
  const title = documentTitle(pathname, search, userLoggedIn ? tenantName : null);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
