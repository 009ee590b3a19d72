import { Button, Stack } from '@mui/material';
import { FIRMWARE_RULES, type FileStore, type FirmwareKind } from '@portal/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { applyFirmware } from '../api/apply-firmware.ts';
import { deleteFirmwareVersions } from '../api/delete-firmware-versions.ts';
import { applySummary, canApply, canDelete } from '../firmware-rules.ts';
import { runApply } from '../run-apply.ts';
import type { PickerCustomer } from './CustomerPicker.tsx';
import { VersionSelect } from './VersionSelect.tsx';

interface ApplyPanelProps {
  kind: FirmwareKind;
  versions: FileStore[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  customers: PickerCustomer[];
  onDone: () => void;
}

/** Apply mode: the versions, APPLY (one version, a customer at least) and DELETE (any version). */
export function ApplyPanel({ kind, versions, selected, onSelect, customers, onDone }: ApplyPanelProps) {
  const t = useT('firmware');
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const rules = FIRMWARE_RULES[kind];
  const chosen = versions.filter((v) => selected.includes(v.id));

  const apply = async () => {
    const file = chosen[0];
    if (!file) return;
    setBusy(true);
    const results = await runApply(customers, (scopeId) => applyFirmware(kind, file.id, scopeId));
    setBusy(false);
    const summary = applySummary(kind, results);
    notify({ variant: summary.variant, text: summary.text });
    // A refusal the server explains (a downgrade) is shown as it says.
    for (const failure of results.filter((r) => !r.ok && r.message === rules.messages.downgrade).slice(0, 1))
      notify({ variant: 'error', text: failure.message as string });
    onDone();
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteFirmwareVersions(
        kind,
        chosen.map((v) => v.version),
      );
      notify({ variant: 'success', text: rules.messages.deleted });
      onSelect([]);
    } catch (error) {
      // A refusal the server explains (a rollout still uses the version) is shown with its reason.
      const reason = error instanceof ApiError && error.status === 409 ? `: ${error.message}` : '';
      notify({ variant: 'error', text: `${rules.messages.deleteFailed}${reason}` });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
      onDone();
    }
  };

  return (
    <Stack spacing={2}>
      <VersionSelect versions={versions} selected={selected} onChange={onSelect} />
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          disabled={busy || !canApply(selected.length, customers.length)}
          onClick={() => void apply()}
        >
          {t('apply.apply')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy || !canDelete(selected.length)}
          onClick={() => setConfirmDelete(true)}
        >
          {t('apply.delete')}
        </Button>
      </Stack>
      {confirmDelete && (
        <ConfirmDialog
          title={t('apply.deleteTitle', { label: t(`apply.labels.${kind}`) })}
          text={t('apply.deleteText', { versions: chosen.map((v) => v.version).join(', ') })}
          pending={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </Stack>
  );
}
