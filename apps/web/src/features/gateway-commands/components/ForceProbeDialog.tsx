import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { gatewayCommandMessages } from '@portal/contract';
import { useId, useState } from 'react';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useForceProbe } from '../api/force-probe.ts';
import { useLastScan } from '../api/get-last-scan.ts';
import { toggleSelected } from '../pending-instructions.ts';

interface ForceProbeDialogProps {
  macId: string;
  name: string;
  onClose: () => void;
}

/**
 * Force probe (TOP_LEVEL_SCOPE_READ): pick locks the gateway heard in its last scan; the gateway probes them
 * now. Probing nothing, or locks the gateway did not hear, gives 'Please select valid locks for force probe'.
 */
export function ForceProbeDialog({ macId, name, onClose }: ForceProbeDialogProps) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const titleId = useId();
  const notify = useNotify();
  const scan = useLastScan(macId);
  const probe = useForceProbe(macId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const locks = scan.data?.locks ?? [];

  const submit = () => {
    if (chosen.size === 0) {
      notify({ variant: 'error', text: gatewayCommandMessages.invalidForceProbeLocks });
      return;
    }
    probe.mutate([...chosen], {
      onSuccess: (answer) => {
        notify({ variant: 'success', text: answer.message });
        onClose();
      },
      onError: (error) => notify({ variant: 'error', text: error.message }),
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('forceProbe.title', { name })}</DialogTitle>
      <DialogContent>
        {scan.isPending && <ProgressStatus text={t('forceProbe.fetching')} />}
        {scan.isError && <Alert severity="error">{messageText(scan.error.message)}</Alert>}
        {scan.data && (
          <Typography variant="body2" color="text.secondary">
            {scan.data.TI
              ? t('forceProbe.lastScan', { time: formatDateTime(scan.data.TI) })
              : t('forceProbe.noScan')}
          </Typography>
        )}
        <List dense aria-label={t('forceProbe.locks')}>
          {locks.map((lock) => (
            <ListItem key={lock.macId} disablePadding>
              <ListItemButton onClick={() => setChosen(toggleSelected(chosen, lock.macId))}>
                <ListItemIcon>
                  <Checkbox
                    edge="start"
                    tabIndex={-1}
                    checked={chosen.has(lock.macId)}
                    slotProps={{
                      input: { 'aria-label': t('forceProbe.probeLock', { name: lock.lockName }) },
                    }}
                  />
                </ListItemIcon>
                <ListItemText primary={lock.lockName} secondary={`${lock.macId} (${lock.rssiValue} dBm)`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('forceProbe.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={probe.isPending}>
          {t('forceProbe.probe')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
