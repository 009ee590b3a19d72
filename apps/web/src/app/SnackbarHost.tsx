import { lazy, Suspense, useEffect, useState } from 'react';
import { noticesWaiting, onNoticeWaiting } from '../lib/notices.ts';

const Snackbars = lazy(() => import('./Snackbars.tsx'));

/** Draws the snackbars from the first notice on; until then it loads nothing (lib/notices.ts). */
export function SnackbarHost() {
  const [wanted, setWanted] = useState(noticesWaiting);
  useEffect(() => {
    if (noticesWaiting()) setWanted(true);
    return onNoticeWaiting(() => setWanted(true));
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Snackbars />
    </Suspense>
  ) : null;
}
