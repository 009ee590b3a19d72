import { useSyncExternalStore } from 'react';
import type { SignInReason } from './return-path.ts';
import { createSessionStore, type Session } from './session-store.ts';
import { browserStorage } from './storage.ts';

export type { Session, SessionTenant } from './session-store.ts';
export { rowsPerPageFor } from './session-store.ts';

/** The one session of this browser tab, kept in sessionStorage (survives reloads, not the tab). */
export const sessionStore = createSessionStore(browserStorage('sessionStorage'));

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

let endReason: SignInReason | null = null;
let signingOut = false;

/** Ends the tab's session; `reason` is what the login page then says (session ended, signed out elsewhere). */
export function clearSession(reason: SignInReason | null = null): void {
  endReason = reason;
  signingOut = false;
  sessionStore.signOut();
}

/**
 * The tab signs itself out in a moment (a removed account: /logout after 3 s). The server already ended the
 * session, so a call refused meanwhile (the live connection asking for a token) is expected: it must not
 * send the user to the login page before that moment.
 */
export function signOutSoon(): void {
  signingOut = true;
}

/** Whether the tab is about to sign itself out (signOutSoon, until the session is cleared). */
export function isSigningOut(): boolean {
  return signingOut;
}

/** Why this tab's session ended, while it has none: the shell sends the user to sign in saying so. */
export function sessionEndReason(): SignInReason | null {
  return sessionStore.get().userLoggedIn ? null : endReason;
}
