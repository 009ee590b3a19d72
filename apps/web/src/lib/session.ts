import { useSyncExternalStore } from 'react';
import { createSessionStore, type Session } from './session-store.ts';
import { browserStorage } from './storage.ts';

export type { Session, SessionTenant } from './session-store.ts';
export { rowsPerPageFor } from './session-store.ts';

/** The one session of this browser tab, kept in sessionStorage (survives reloads, not the tab). */
export const sessionStore = createSessionStore(browserStorage('sessionStorage'));

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

export function clearSession(): void {
  sessionStore.signOut();
}
