import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface DeleteGatewaysDialogProps {
  open: boolean;
  count: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Delete Gateway confirmation' before the selected offline gateways (and their data) are deleted. */
export function DeleteGatewaysDialog({ open, count, busy, onConfirm, onClose }: DeleteGatewaysDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="delete-gateways-title">
      <DialogTitle id="delete-gateways-title">Delete Gateway confirmation</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {`Are you sure you want to delete ${count} offline gateway(s) and their stored data?`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
