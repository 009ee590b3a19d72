import type { SignInReason } from './return-path.ts';

/**
 * What one tab of the portal tells the others of the same browser. They share one session cookie, so a
 * sign-in, a sign-out or the user's activity in one tab concerns them all; each tab keeps its own view (the
 * customer it shows, rows per page) in its session storage.
 */
export type TabMessage =
  /** A new session was opened in a tab, for this user. */
  | { kind: 'signed-in'; userId: string }
  /** The session was ended in a tab (sign-out, or idle in every tab). */
  | { kind: 'signed-out'; reason: SignInReason | null }
  /** The user is active in a tab: the others' idle time starts again. */
  | { kind: 'active' };

const CHANNEL_NAME = 'portal.tabs';

// One channel object per tab: a BroadcastChannel never hears its own messages, only other tabs'.
let channel: BroadcastChannel | null | undefined;
function tabChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  return channel;
}

export function tellOtherTabs(message: TabMessage): void {
  tabChannel()?.postMessage(message);
}

/** Calls `listener` with each message of another tab; returns the way to stop. */
export function onOtherTabs(listener: (message: TabMessage) => void): () => void {
  const target = tabChannel();
  if (!target) return () => undefined;
  const handle = (event: MessageEvent<TabMessage>) => listener(event.data);
  target.addEventListener('message', handle);
  return () => target.removeEventListener('message', handle);
}
