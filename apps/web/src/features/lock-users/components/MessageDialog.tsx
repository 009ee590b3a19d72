import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

/** A message with an OK button (card conflicts and warnings, a blocked delete), named by its title. */
export function MessageDialog({
  title,
  text,
  children,
  onClose,
}: {
  title: string;
  text: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  const t = useT('lock-users');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
