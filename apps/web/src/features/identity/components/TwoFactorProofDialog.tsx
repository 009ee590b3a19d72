import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  TextField,
} from '@mui/material';
import type { DisableTwoFactorBody } from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { AuthenticatorCodeField } from '../../../components/AuthenticatorCodeField.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { type ProofMethod, proofFromInput } from '../two-factor-rules.ts';

interface TwoFactorProofDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** The signed-in user has 2FA on: a code is asked first, with the password as the other way. */
  codeAvailable: boolean;
  pending: boolean;
  /** The server's answer to the last try (wrong code or password, too many tries). */
  errorText: string | null;
  onConfirm: (proof: DisableTwoFactorBody) => void;
  onCancel: () => void;
}

function ProofForm({
  text,
  codeAvailable,
  pending,
  errorText,
  onConfirm,
  onCancel,
}: Omit<TwoFactorProofDialogProps, 'open' | 'title'>) {
  const [method, setMethod] = useState<ProofMethod>(codeAvailable ? 'code' : 'password');
  const [input, setInput] = useState('');
  const proof = proofFromInput(method, input);
  const t = useT('identity');
  const common = useT('common');
  const messageText = useMessageText();
  const switchMethod = () => {
    setMethod(method === 'code' ? 'password' : 'code');
    setInput('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (proof && !pending) onConfirm(proof);
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{text}</DialogContentText>
          {method === 'code' ? (
            <AuthenticatorCodeField value={input} onChange={setInput} disabled={pending} autoFocus />
          ) : (
            <TextField
              label={t('twoFactor.yourPassword')}
              type="password"
              value={input}
              onChange={(event) => setInput(event.target.value)}
              disabled={pending}
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { autoComplete: 'current-password', maxLength: 200 } }}
            />
          )}
          {codeAvailable && (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={switchMethod}
              sx={{ alignSelf: 'start' }}
            >
              {method === 'code' ? t('twoFactor.usePassword') : t('twoFactor.useCode')}
            </Link>
          )}
          {errorText && <Alert severity="error">{messageText(errorText)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          {common('cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!proof} loading={pending}>
          {common('yes')}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * Switching 2FA off (issue 12): the session alone is not enough, the signed-in user confirms with a current
 * authenticator code or their password, for their own 2FA and for another user's alike.
 */
export function TwoFactorProofDialog({ open, title, pending, onCancel, ...form }: TwoFactorProofDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <ProofForm pending={pending} onCancel={onCancel} {...form} />
    </Dialog>
  );
}
