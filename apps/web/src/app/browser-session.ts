import { useEffect, useState } from 'react';
import { getUserDetails } from '../api/get-user-details.ts';
import { onOtherTabs, type TabMessage } from '../lib/browser-tabs.ts';
import { isResetPasswordPath, LOGIN_PATH } from '../lib/home-path.ts';
import { authPathWith } from '../lib/return-path.ts';
import { clearSession, sessionStore } from '../lib/session.ts';

/**
 * One browser, one sign-in: the session cookie is the browser's, while each tab keeps its own view of it
 * (the customer it shows, rows per page) in session storage. So a new tab takes the browser's session
 * instead of asking to sign in, and every tab follows a sign-in or sign-out made in another
 * (docs/decisions.md, "One sign-in per browser").
 */

const hashParts = () => {
  const [path = '', query = ''] = window.location.hash.replace(/^#/, '').split('?');
  return {
    path: path || '/',
    query: new URLSearchParams(query),
    whole: window.location.hash.replace(/^#/, ''),
  };
};

/**
 * A tab without a session of its own takes the browser's, except on the page of an e-mailed link (it is
 * about the person the mail was for) and on the return from a social sign-in (which opens one itself).
 */
function mayAdopt(): boolean {
  if (sessionStore.get().userLoggedIn) return false;
  const { path, query } = hashParts();
  return !isResetPasswordPath(path) && !query.has('socialCode') && !query.has('socialError');
}

let adoption: Promise<void> | null = null;

/** Asks the server who this browser is signed in as (no answer, or 401: nobody) and keeps it for this tab. */
function adoptBrowserSession(): Promise<void> {
  adoption ??= getUserDetails({ endSessionOnLoss: false })
    .then(
      (details) => {
        if (!sessionStore.get().userLoggedIn) sessionStore.signIn(details);
      },
      () => undefined,
    )
    .finally(() => {
      adoption = null;
    });
  return adoption;
}

/**
 * Another person now holds this browser's session: this tab would act for them under the previous person's
 * view, so it starts again, as them, at their home page.
 */
export function restartAsBrowserUser(): void {
  sessionStore.signOut();
  window.history.replaceState(null, '', '#/');
  window.location.reload();
}

function followOtherTab(message: TabMessage): void {
  const session = sessionStore.get();
  if (message.kind === 'signed-out') {
    if (!session.userLoggedIn) return;
    // The shell's own redirect goes to the same address (a race between the two changes nothing).
    const here = hashParts().whole;
    const reason = message.reason ?? 'elsewhere';
    clearSession(reason);
    window.location.assign(`#${authPathWith(LOGIN_PATH, { reason, next: here })}`);
  } else if (message.kind === 'signed-in') {
    if (!session.userLoggedIn) {
      if (mayAdopt()) void adoptBrowserSession();
    } else if (session.user?.id !== message.userId) restartAsBrowserUser();
  }
}

/**
 * For the app's root: false while a new tab asks for the browser's session (the routes wait, so a page that
 * needs a session does not send the user to sign in first), then true; and the tab follows the others.
 */
export function useBrowserSession(): boolean {
  const [ready, setReady] = useState(() => !mayAdopt());
  useEffect(() => {
    if (!ready) void adoptBrowserSession().then(() => setReady(true));
  }, [ready]);
  useEffect(() => onOtherTabs(followOtherTab), []);
  return ready;
}
