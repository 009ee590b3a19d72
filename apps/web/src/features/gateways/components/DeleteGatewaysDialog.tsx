import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';

interface DeleteGatewaysDialogProps {
  open: boolean;
  count: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Delete Gateway confirmation' before the selected offline gateways (and their data) are deleted. */
export function DeleteGatewaysDialog({ open, count, busy, onConfirm, onClose }: DeleteGatewaysDialogProps) {
  const t = useT('gateways');
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="delete-gateways-title">
      <DialogTitle id="delete-gateways-title">{t('deleteDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('deleteDialog.text', { selected: formatNumber(count) })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('deleteDialog.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {t('deleteDialog.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
