import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useT } from '../lib/i18n/index.ts';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question with Cancel and a confirm button (OK unless named), named by its title; shown while it is rendered. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const t = useT('common');
  return (
    <Dialog open onClose={pending ? undefined : onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={pending}>
          {confirmLabel ?? t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
