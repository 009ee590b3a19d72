/** A snackbar to show: its kind and its text. */
export interface Notice {
  variant: 'success' | 'error' | 'warning' | 'info';
  text: string;
  /** A progress notice ('Updating ...'): it stays until the returned function closes it, when the result comes. */
  untilClosed?: boolean;
}

/** What the snackbar host is asked to do, in order. */
export type NoticeCommand = { kind: 'show'; key: string; notice: Notice } | { kind: 'close'; key: string };

/**
 * The snackbars' queue. The library that draws them (notistack, about 9 KB gzipped) is not part of a first
 * paint: app/SnackbarHost.tsx loads it at the first notice, and what was asked before it arrived is handed
 * over in order then.
 */
let deliver: ((command: NoticeCommand) => void) | null = null;
const waiting: NoticeCommand[] = [];
const firstNoticeListeners = new Set<() => void>();
let sequence = 0;

function send(command: NoticeCommand) {
  if (deliver) {
    deliver(command);
    return;
  }
  waiting.push(command);
  for (const listener of firstNoticeListeners) listener();
}

/** Shows a snackbar; the returned function closes it (for a progress notice, once the result is known). */
export function notify(notice: Notice): () => void {
  sequence += 1;
  const key = `notice-${sequence}`;
  send({ kind: 'show', key, notice });
  return () => send({ kind: 'close', key });
}

/** Whether a notice waits for the host (asked before it subscribed). */
export const noticesWaiting = () => waiting.length > 0;

/** Calls `listener` when a notice waits for the host to load; returns the unsubscribe. */
export function onNoticeWaiting(listener: () => void): () => void {
  firstNoticeListeners.add(listener);
  return () => firstNoticeListeners.delete(listener);
}

/** The host that draws notices takes them over, those waiting first; returns the detach. */
export function attachNoticeHost(handler: (command: NoticeCommand) => void): () => void {
  deliver = handler;
  for (const command of waiting.splice(0)) handler(command);
  return () => {
    if (deliver === handler) deliver = null;
  };
}
