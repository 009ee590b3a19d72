import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { gatewayCredentialMessages as m } from '@portal/contract';
import { useRef, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';

interface GatewayCredentialProps {
  macId: string;
  credential: string;
  onDone: () => void;
}

/**
 * The Register Gateway dialog's last step: the device credential, shown this once with a copy button (the
 * portal keeps only its digest), beside the MAC the gateway connects with.
 */
export function GatewayCredential({ macId, credential, onDone }: GatewayCredentialProps) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    // The clipboard API needs a secure context; elsewhere the text is selected for Ctrl+C.
    field.current?.select();
    try {
      await navigator.clipboard.writeText(credential);
      setCopied(true);
    } catch {
      document.execCommand?.('copy');
      setCopied(true);
    }
  };
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{messageText(m.shownOnce)}</Alert>
          <TextField
            label={t('form.credentialMac')}
            value={macId}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            fullWidth
          />
          <TextField
            label={messageText(m.title)}
            value={credential}
            inputRef={field}
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={messageText(copied ? m.copied : m.copy)}>
                      <IconButton aria-label={messageText(m.copy)} onClick={copy} edge="end">
                        <ContentCopyOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
            fullWidth
          />
          {copied && (
            <Alert severity="success" role="status">
              {messageText(m.copied)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {messageText(m.done)}
        </Button>
      </DialogActions>
    </>
  );
}
