import UploadFile from '@mui/icons-material/UploadFile';
import { Alert, Button, Stack, Typography } from '@mui/material';
import {
  CUSTOMER_FW_UPLOAD_APPLY_FAILED,
  FIRMWARE_DESCRIPTION_MAX,
  FIRMWARE_RULES,
  FIRMWARE_TIMINGS,
  type FileStore,
  type FirmwareKind,
} from '@portal/contract';
import { useRef, useState } from 'react';
import { CountedTextField } from '../../../components/CountedTextField.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useTransientMessage } from '../../../lib/use-transient-message.ts';
import { applyFirmware } from '../api/apply-firmware.ts';
import { uploadFirmware } from '../api/upload-firmware.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';
import { checkChosenFile } from '../firmware-rules.ts';
import { runApply } from '../run-apply.ts';
import type { PickerCustomer } from './CustomerPicker.tsx';

interface UploadPanelProps {
  kind: FirmwareKind;
  existing: FileStore[];
  customers: PickerCustomer[];
  latest: Record<string, FileStore[]>;
  onDone: () => void;
}

/**
 * Upload mode: UPLOAD FILE (only the kind's extension), the Description (20 characters), UPLOAD once a valid
 * file is read; then the version is applied to the selected customers.
 */
export function UploadPanel({ kind, existing, customers, latest, onDone }: UploadPanelProps) {
  const t = useT('firmware');
  const messageText = useMessageText();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ file: File; version: string } | null>(null);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, showProblem] = useTransientMessage(FIRMWARE_TIMINGS.errorDisplayMs);
  const rules = FIRMWARE_RULES[kind];
  const descriptionProblem =
    description.length > FIRMWARE_DESCRIPTION_MAX
      ? t('upload.descriptionTooLong', { max: FIRMWARE_DESCRIPTION_MAX })
      : undefined;

  const choose = (chosen: File | undefined) => {
    setFile(null);
    if (!chosen) return;
    const check = checkChosenFile(
      kind,
      chosen.name,
      existing,
      customers.map((c) => latest[c.id]?.[0]),
    );
    if (check.problem !== null) showProblem(check.problem);
    else setFile({ file: chosen, version: check.version });
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadFirmware(kind, {
        file: file.file,
        version: file.version,
        description,
        scopeIds: customers.map((c) => c.id),
      });
      notify({ variant: 'success', text: rules.messages.uploaded });
      setFile(null);
      setDescription('');
      if (input.current) input.current.value = '';
      if (customers.length > 0) {
        const results = await runApply(customers, (scopeId) => applyFirmware(kind, stored.id, scopeId));
        for (const r of results.filter((x) => x.ok))
          notify({ variant: 'success', text: rules.messages.updatedFor(r.customer) });
        const failed = results.filter((x) => !x.ok);
        if (failed.length > 0) {
          const text =
            kind === 'customerFw'
              ? failed.length === 1
                ? CUSTOMER_FW_UPLOAD_APPLY_FAILED.one((failed[0] as { customer: string }).customer)
                : CUSTOMER_FW_UPLOAD_APPLY_FAILED.many(failed.length)
              : rules.messages.applyFailedOne(failed.map((f) => f.customer).join(', '));
          notify({ variant: 'error', text });
        }
      }
    } catch (error) {
      // The spec's texts for a name, an existing version or a downgrade come back from the server as well.
      const message = error instanceof ApiError ? error.message : '';
      const known = [rules.messages.exists, rules.messages.downgrade].includes(message);
      if (known) showProblem(message);
      notify({
        variant: 'error',
        text: known ? message : `${rules.messages.uploadFailed}${message ? `: ${message}` : ''}`,
      });
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <Stack spacing={2}>
      <input
        ref={input}
        type="file"
        accept={KIND_PAGES[kind].accept}
        hidden
        data-testid="firmware-file"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()}>
          {t('upload.chooseFile')}
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? t('upload.chosen', { name: file.file.name, version: file.version }) : t('upload.noFile')}
        </Typography>
      </Stack>
      {problem && (
        <Alert severity="error" role="alert">
          {messageText(problem)}
        </Alert>
      )}
      <CountedTextField
        label={t('upload.description')}
        value={description}
        max={FIRMWARE_DESCRIPTION_MAX}
        allowOverflow
        message={descriptionProblem}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Button
        variant="contained"
        disabled={busy || !file || descriptionProblem !== undefined}
        onClick={() => void upload()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('upload.upload')}
      </Button>
    </Stack>
  );
}
