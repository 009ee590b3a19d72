import { type Notice, notify } from './notices.ts';

export type { Notice } from './notices.ts';

/** Shows a snackbar; the returned function closes it (for a progress notice, once the result is known). */
export function useNotify(): (notice: Notice) => () => void {
  return notify;
}
