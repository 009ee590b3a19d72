import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { AUTHENTICATOR_CODE_LENGTH, twoFactorMessages } from '@portal/contract';
import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';
import { AuthenticatorCodeField } from '../../../components/AuthenticatorCodeField.tsx';
import { isCompleteAuthenticatorCode } from '../../../components/authenticator-code.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useTransientMessage } from '../../../lib/use-transient-message.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useQrCode } from '../api/get-qr-code.ts';
import { isIncorrectCodeError } from '../two-factor-rules.ts';
import { useSetTwoFactorStatus } from '../use-two-factor-status.ts';

/** Spec 000 section 9: the dialog closes 5 s after the code is verified; a wrong code shows for 3 s. */
const CLOSE_AFTER_VERIFIED_MS = 5000;
const WRONG_CODE_MS = 3000;

interface TwoFactorSetupDialogProps {
  open: boolean;
  email: string;
  onClose: () => void;
}

function SetupForm({ email, onClose }: Omit<TwoFactorSetupDialogProps, 'open'>) {
  const qrCode = useQrCode(email);
  const enable = useEnableTwoFactor();
  const setTwoFactorStatus = useSetTwoFactorStatus();
  const notify = useNotify();
  const t = useT('identity');
  const common = useT('common');
  const messageText = useMessageText();
  const [code, setCode] = useState('');
  const [errorText, showError] = useTransientMessage(WRONG_CODE_MS);
  const verified = enable.isSuccess;
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(close, CLOSE_AFTER_VERIFIED_MS);
    return () => clearTimeout(timer);
  }, [verified]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteAuthenticatorCode(code)) return;
    enable.mutate(
      { email, code },
      {
        onSuccess: () => {
          setTwoFactorStatus(true);
          notify({ variant: 'success', text: twoFactorMessages.enabled });
        },
        onError: (error) => {
          if (!isIncorrectCodeError(error)) {
            notify({ variant: 'error', text: twoFactorMessages.enableFailed });
            return;
          }
          setCode('');
          showError(twoFactorMessages.incorrectCode);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        {qrCode.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
            <CircularProgress aria-label={t('twoFactor.loadingQr')} />
          </Box>
        )}
        {qrCode.isError && <Alert severity="error">{messageText(twoFactorMessages.enableFailed)}</Alert>}
        {qrCode.data && (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">
              {t('twoFactor.scan', { digits: AUTHENTICATOR_CODE_LENGTH })}
            </Typography>
            <Box
              component="img"
              src={qrCode.data.qrCodeUrl}
              alt={t('twoFactor.qrAlt')}
              sx={{ width: 200, height: 200 }}
            />
            <Typography variant="body2" sx={{ textAlign: 'center' }}>
              {t('twoFactor.byHand')}
              <Box
                component="code"
                sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
              >
                {qrCode.data.secret}
              </Box>
            </Typography>
            <AuthenticatorCodeField value={code} onChange={setCode} disabled={verified} autoFocus />
            {errorText && !verified && (
              <Alert severity="error" sx={{ width: '100%' }}>
                {messageText(errorText)}
              </Alert>
            )}
            {verified && (
              <Alert severity="success" sx={{ width: '100%' }}>
                {messageText(twoFactorMessages.verified)}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {verified ? (
          <Button onClick={onClose}>{common('close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={enable.isPending}>
              {common('cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!qrCode.data || !isCompleteAuthenticatorCode(code)}
              loading={enable.isPending}
            >
              {t('twoFactor.verify')}
            </Button>
          </>
        )}
      </DialogActions>
    </form>
  );
}

/** Spec 000 section 4 'Two-factor enable': scan the QR code, prove it with a code; cancelling changes nothing. */
export function TwoFactorSetupDialog({ open, email, onClose }: TwoFactorSetupDialogProps) {
  const t = useT('identity');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('twoFactor.setupTitle')}</DialogTitle>
      <SetupForm email={email} onClose={onClose} />
    </Dialog>
  );
}
