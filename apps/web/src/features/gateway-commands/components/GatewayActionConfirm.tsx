import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';

interface GatewayActionConfirmProps {
  title: string;
  question: string;
  /** Why the action cannot be done now ('Gateway is offline...'): shown instead of the question. */
  blocked: string | null;
  /** The server's refusal of the confirmed action. */
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation of a gateway action named by its title, or the reason it cannot be done now. */
export function GatewayActionConfirm({
  title,
  question,
  blocked,
  error,
  pending,
  onConfirm,
  onClose,
}: GatewayActionConfirmProps) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {blocked ? (
          <Alert severity="warning">{messageText(blocked)}</Alert>
        ) : (
          <DialogContentText>{question}</DialogContentText>
        )}
        {error && !blocked && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {messageText(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {blocked ? (
          <Button onClick={onClose}>{t('confirm.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending}>
              {t('confirm.cancel')}
            </Button>
            <Button variant="contained" onClick={onConfirm} loading={pending}>
              {t('confirm.ok')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
