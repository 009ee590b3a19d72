import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { gatewayDetailsMessages, instructionMessages } from '@portal/contract';
import { useId } from 'react';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useUnregisterGateway } from '../../instructions/index.ts';

/**
 * Gateway un-registration (spec 001 sections 2 and 4): on OK the server saves the portal event 'Gateway
 * Unregister Initiated', sends the unregister instruction, deletes the stored data and sets REG 0.
 */
export function UnregisterGatewayDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const titleId = useId();
  const notify = useNotify();
  const unregister = useUnregisterGateway();

  const confirm = () =>
    unregister.mutate(gateway.macId, {
      onSuccess: () => {
        notify({ variant: 'success', text: instructionMessages.unregisterInitiated });
        onClose();
      },
      onError: (error) => notify({ variant: 'error', text: error.message }),
    });

  return (
    <Dialog open={open} onClose={unregister.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{messageText(gatewayDetailsMessages.unregisterTitle)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{messageText(gatewayDetailsMessages.unregisterQuestion)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={unregister.isPending}>
          {t('unregister.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} loading={unregister.isPending}>
          {t('unregister.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
