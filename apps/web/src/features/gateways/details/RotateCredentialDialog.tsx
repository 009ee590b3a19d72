import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { gatewayRegistryMessages, rotateCredentialMessages as m } from '@portal/contract';
import { useId, useState } from 'react';
import type { GatewayDialogProps } from '../../../components/gateway-dialog-props.ts';
import { useMessageText } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useRotateCredential } from './api/rotate-credential.ts';
import { GatewayCredential } from './GatewayCredential.tsx';

/**
 * 'Rotate credential' of a gateway's menu (docs/gateway-operations.md, "Credential rotation"): a confirmation,
 * then the new credential shown this once with its copy button, as after registering. The old one stops
 * working when the server answers, and a gateway connected with it is disconnected.
 */
export function RotateCredentialDialog({ gateway, open, onClose }: GatewayDialogProps) {
  const messageText = useMessageText();
  const titleId = useId();
  const notify = useNotify();
  const rotate = useRotateCredential();
  const [issued, setIssued] = useState<{ macId: string; credential: string } | null>(null);

  const confirm = () =>
    rotate.mutate(gateway.id, {
      onSuccess: (result) => {
        notify({ variant: 'success', text: gatewayRegistryMessages.credentialRotated });
        setIssued({ macId: result.macId, credential: result.credential });
      },
      onError: (error) => notify({ variant: 'error', text: error.message }),
    });

  return (
    <Dialog
      open={open}
      // Once issued, only Done closes it: a stray click outside would lose the credential.
      onClose={rotate.isPending || issued ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
    >
      <DialogTitle id={titleId}>{messageText(m.title)}</DialogTitle>
      {issued ? (
        <GatewayCredential {...issued} onDone={onClose} />
      ) : (
        <>
          <DialogContent>
            <DialogContentText>{messageText(m.question(gateway.name || gateway.macId))}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={rotate.isPending}>
              {messageText(m.cancel)}
            </Button>
            <Button variant="contained" color="warning" onClick={confirm} loading={rotate.isPending}>
              {messageText(m.confirm)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
