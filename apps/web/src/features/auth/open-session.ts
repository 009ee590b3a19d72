import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router-dom';
import { userDetailsQueryOptions } from '../../api/get-user-details.ts';
import { tellOtherTabs } from '../../lib/browser-tabs.ts';
import { homePathFor, LOGIN_PATH } from '../../lib/home-path.ts';
import { safeReturnPath } from '../../lib/return-path.ts';
import { sessionStore } from '../../lib/session.ts';

/**
 * After the server opened a session (sign-in or accepted code): fetch the user details and keep them. The
 * browser's other tabs share the new cookie: they follow (app/browser-session.ts).
 */
export async function openSession(queryClient: QueryClient): Promise<void> {
  const details = await queryClient.fetchQuery({ ...userDetailsQueryOptions(), staleTime: 0 });
  sessionStore.signIn(details);
  tellOtherTabs({ kind: 'signed-in', userId: details.user.id });
}

/** The page the login page was asked to lead back to (`?next=`), if any. */
export function returnPathOfLoginPage(): string | null {
  const query = window.location.hash.split('?')[1] ?? '';
  return safeReturnPath(new URLSearchParams(query).get('next'));
}

/**
 * Back to the page that asked for the sign-in; otherwise root users to the customers list, others home.
 * The login page may have led there already (it leaves as soon as the session exists): then nothing to do.
 */
export function goHome(navigate: NavigateFunction): void {
  if (!window.location.hash.startsWith(`#${LOGIN_PATH}`)) return;
  navigate(returnPathOfLoginPage() ?? homePathFor(sessionStore.get()) ?? LOGIN_PATH, { replace: true });
}
