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
import { useId, useRef, useState } from 'react';

/** The texts of a SecretDialog, in the language shown (the caller's feature translates them). */
export interface SecretDialogTexts {
  title: string;
  /** Why it must be copied now. */
  text: string;
  label: string;
  copy: string;
  copied: string;
  done: string;
}

/** A secret shown this once (an API key, a webhook's signing secret), with a copy button; closed only by Done. */
export function SecretDialog({
  secret,
  texts,
  onClose,
}: {
  secret: string;
  texts: SecretDialogTexts;
  onClose: () => void;
}) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // The clipboard API exists on https and localhost only; elsewhere the secret is selected and copied the old way.
  const copy = async () => {
    if (navigator.clipboard) await navigator.clipboard.writeText(secret);
    else {
      field.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {texts.text}
        </Alert>
        <TextField
          label={texts.label}
          value={secret}
          fullWidth
          multiline
          inputRef={field}
          slotProps={{
            htmlInput: { readOnly: true, style: { fontFamily: 'monospace', wordBreak: 'break-all' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button startIcon={<ContentCopyOutlined />} onClick={copy}>
                    {copied ? texts.copied : texts.copy}
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
