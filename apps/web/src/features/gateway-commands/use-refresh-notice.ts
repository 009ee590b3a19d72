import { useRef } from 'react';
import { useNotify } from '../../lib/use-notify.ts';

/** Half the time a notice shows: one stays in view while events keep coming, without one per event. */
const NOTICE_GAP_MS = 1000;

/**
 * An info notice for a list refreshed by live events ('Refreshing Activity Logs'): a burst of events refreshes
 * each time but says so at most once a second.
 */
export function useRefreshNotice(text: string): () => void {
  const notify = useNotify();
  const lastShown = useRef(0);
  return () => {
    if (Date.now() - lastShown.current < NOTICE_GAP_MS) return;
    lastShown.current = Date.now();
    notify({ variant: 'info', text });
  };
}
