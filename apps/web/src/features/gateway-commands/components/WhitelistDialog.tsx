import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type GatewaySummary,
  gatewayCommandMessages,
  mergeWhitelistCsv,
  WHITELIST_CSV_HEADER,
} from '@portal/contract';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useUpdateWhitelist } from '../api/update-whitelist.ts';
import type { GatewayLiveView } from '../live-gateway-state.ts';
import {
  addLockName,
  gatewayReportsWhitelist,
  initialWhitelist,
  removeLockName,
  whitelistChanged,
  whitelistMismatch,
} from '../whitelist-editing.ts';

interface WhitelistDialogProps {
  gateway: GatewaySummary;
  view: GatewayLiveView;
  onClose: () => void;
}

/**
 * The whitelist editor (spec 001 sections 4 and 5): names typed one by one or merged from a 'Lock Name' CSV;
 * '*' means every lock. Save needs a connected gateway that is ready: one that reported its state and, after
 * a save, reported the new whitelist; until then the button reads 'Waiting For Gateway...'.
 */
export function WhitelistDialog({ gateway, view, onClose }: WhitelistDialogProps) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const titleId = useId();
  const notify = useNotify();
  const save = useUpdateWhitelist(gateway.macId);
  // The gateway's own list when it reported one, else the one the portal last sent.
  const [initial] = useState(() => initialWhitelist(view.reportedWhitelist, gateway.listOfWhiteListedLocks));
  const [saved, setSaved] = useState(initial.list);
  const [list, setList] = useState(saved);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The list last sent, until the gateway's state reports it.
  const [awaiting, setAwaiting] = useState<string[] | null>(null);

  const acknowledged =
    awaiting === null || gatewayReportsWhitelist(view.liveState?.whitelistedLocksCount, awaiting);
  const ready = view.online && view.liveState !== null && acknowledged && !save.isPending;
  // Only a gateway that never reported its names (older firmware) can hold a list the editor does not show.
  const mismatch =
    awaiting === null && !initial.fromGateway && view.reportedWhitelist === null
      ? whitelistMismatch(view.liveState?.whitelistedLocksCount, saved)
      : null;
  // The editor closes once the gateway reports the list it was sent.
  useEffect(() => {
    if (awaiting !== null && acknowledged) onClose();
  }, [awaiting, acknowledged, onClose]);

  const add = () => {
    if (typed.trim() === '') return;
    const edit = addLockName(list, typed);
    if (!edit.ok) {
      setError(edit.error);
      return;
    }
    setList(edit.list);
    setTyped('');
    setError(null);
  };

  const importCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const merged = mergeWhitelistCsv(list, await file.text());
    if (merged.ok) {
      setList(merged.list);
      setError(null);
    } else setError(merged.error);
  };

  const submit = () =>
    save.mutate(list, {
      onSuccess: (answer) => {
        notify({ variant: 'success', text: gatewayCommandMessages.whitelistSaved });
        setSaved(answer.listOfWhiteListedLocks);
        setAwaiting(answer.listOfWhiteListedLocks);
      },
      onError: (failure) => notify({ variant: 'error', text: failure.message }),
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('whitelist.title', { name: gateway.name })}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <TextField
            label={t('whitelist.lockName')}
            size="small"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            helperText={t('whitelist.hint')}
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={add} disabled={typed.trim() === ''}>
            {t('whitelist.add')}
          </Button>
          <Button component="label" variant="outlined" startIcon={<UploadFile />}>
            {t('whitelist.importCsv')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label={t('whitelist.file')}
              onChange={importCsv}
            />
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('whitelist.csvHint', { header: WHITELIST_CSV_HEADER })}
        </Typography>
        {mismatch && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {mismatch}
          </Alert>
        )}
        {awaiting !== null && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('whitelist.saved')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {messageText(error)}
          </Alert>
        )}
        <Box
          component="ul"
          aria-label={t('whitelist.label')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, mt: 2, minHeight: 40 }}
        >
          {list.map((name) => (
            <li key={name}>
              <Chip label={name} onDelete={() => setList(removeLockName(list, name))} />
            </li>
          ))}
          {list.length === 0 && (
            <Typography component="li" color="text.secondary">
              {t('whitelist.none')}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('whitelist.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!ready || !whitelistChanged(saved, list)}
          loading={save.isPending}
        >
          {ready ? t('whitelist.save') : messageText(gatewayCommandMessages.waitingForGateway)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
