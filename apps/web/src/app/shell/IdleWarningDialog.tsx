import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LOGOUT_PATH } from '../../lib/home-path.ts';
import { useT } from '../../lib/i18n/index.ts';
import type { IdleState } from './use-idle-logout.ts';

/** Seconds left until `at`, counted down every second. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A minute before the idle sign-out: how long is left, and a way to stay (our wording). */
export function IdleWarningDialog({ signOutAt, stay }: IdleState) {
  const seconds = useSecondsUntil(signOutAt);
  const t = useT('app');
  return (
    <Dialog open={signOutAt !== null} onClose={stay} aria-labelledby="idle-warning-title">
      <DialogTitle id="idle-warning-title">{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText role="timer" aria-live="polite">
          {t('idle.text', { count: seconds })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to={LOGOUT_PATH}>
          {t('idle.signOut')}
        </Button>
        <Button variant="contained" onClick={stay} autoFocus>
          {t('idle.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
