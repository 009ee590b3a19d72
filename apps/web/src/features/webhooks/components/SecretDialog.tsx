import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  TextField,
} from '@mui/material';
import type { WebhookWithSecret } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

/** A webhook's new signing secret, shown this once, with a copy button; closed only by Done. */
export function SecretDialog({ created, onClose }: { created: WebhookWithSecret; onClose: () => void }) {
  const t = useT('webhooks');
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // The clipboard API exists on https and localhost only; elsewhere the secret is selected and copied the old way.
  const copy = async () => {
    if (navigator.clipboard) await navigator.clipboard.writeText(created.secret);
    else {
      field.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('secret.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('secret.text')}
        </Alert>
        <TextField
          label={t('secret.label')}
          value={created.secret}
          fullWidth
          multiline
          inputRef={field}
          slotProps={{
            htmlInput: { readOnly: true, style: { fontFamily: 'monospace', wordBreak: 'break-all' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button startIcon={<ContentCopyOutlined />} onClick={copy}>
                    {copied ? t('secret.copied') : t('secret.copy')}
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
