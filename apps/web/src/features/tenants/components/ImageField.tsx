import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { Avatar, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { IMAGE_ACCEPT, IMAGE_HEAD_BYTES, imageFileProblem } from '../image-file.ts';
import { headOf } from '../image-palette.ts';

/** The chosen file (null: none) and why it is refused (null: it is fine). */
export interface ChosenImage {
  file: File | null;
  problem: string | null;
}
export const NO_IMAGE: ChosenImage = { file: null, problem: null };

/** Checks a chosen file's size and first bytes, as the server will again. */
export async function chooseImage(file: File | undefined): Promise<ChosenImage> {
  if (!file) return NO_IMAGE;
  const head = await headOf(file, IMAGE_HEAD_BYTES);
  return { file, problem: imageFileProblem({ size: file.size, head }) };
}

function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface ImageFieldProps {
  /** The button: 'Upload Logo' / 'Upload Favicon'. */
  label: string;
  value: ChosenImage;
  /** The image already stored for the customer, shown until another is chosen. */
  currentUrl?: string | null;
  onChange: (value: ChosenImage) => void;
  disabled?: boolean;
}

/** An optional image: PNG, JPEG, GIF, WebP or ICO of at most 1 MB, with a preview. */
export function ImageField({ label, value, currentUrl, onChange, disabled }: ImageFieldProps) {
  const t = useT('tenants');
  const messageText = useMessageText();
  const preview = usePreviewUrl(value.problem ? null : value.file);
  const shown = preview ?? currentUrl ?? null;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={shown ?? undefined}
          alt=""
          sx={{ width: 40, height: 40, bgcolor: 'action.hover', '& img': { objectFit: 'contain' } }}
        >
          {' '}
        </Avatar>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadOutlined />}
          disabled={disabled}
        >
          {label}
          <input
            hidden
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(event) => {
              const input = event.currentTarget;
              void chooseImage(input.files?.[0]).then(onChange);
              // Choosing the same file again still reports a change.
              input.value = '';
            }}
          />
        </Button>
        {value.file && (
          <Button size="small" onClick={() => onChange(NO_IMAGE)} disabled={disabled}>
            {t('branding.remove')}
          </Button>
        )}
      </Stack>
      {value.file && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {value.file.name}
        </Typography>
      )}
      {value.problem && <FormHelperText error>{messageText(value.problem)}</FormHelperText>}
    </Stack>
  );
}
