import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { type BaseSyntheticEvent, type ReactNode, useId } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';

interface CustomerDialogProps {
  title: string;
  submitLabel: string;
  /** The fields, below the dialog's error. */
  children: ReactNode;
  /** Shown above the fields (null: none). */
  error: string | null;
  submitEnabled: boolean;
  /** While the calls run the dialog cannot be closed. */
  pending: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onClose: () => void;
}

/** The Create and Update Customer dialogs' frame: a form with the title, the fields, Cancel and the submit button. */
export function CustomerDialog(props: CustomerDialogProps) {
  const { pending, onClose } = props;
  const t = useT('tenants');
  const messageText = useMessageText();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: props.onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {props.error && <Alert severity="error">{messageText(props.error)}</Alert>}
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!props.submitEnabled} loading={pending}>
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
