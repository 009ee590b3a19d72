import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import {
  type GatewaySummary,
  ONBOARDING_CSV_NAME,
  ONBOARDING_SCANS_DEFAULT,
  ONBOARDING_SCANS_MAX,
  ONBOARDING_SCANS_MIN,
  type OnboardingLiveMessage,
} from '@portal/contract';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useStartOnboarding, useStopOnboarding } from '../api/onboarding.ts';
import {
  allFinished,
  applyProgress,
  initialRows,
  isRunning,
  markStarted,
  type OnboardingRow,
  onboardingCsv,
  runningMacs,
  scanNumbers,
  startableMacs,
} from '../onboarding-run.ts';
import { OnboardingGatewayRow } from './OnboardingGatewayRow.tsx';

const SCAN_CHOICES = Array.from(
  { length: ONBOARDING_SCANS_MAX - ONBOARDING_SCANS_MIN + 1 },
  (_, i) => ONBOARDING_SCANS_MIN + i,
);

interface OnboardingDialogProps {
  gateways: GatewaySummary[];
  open: boolean;
  onClose: () => void;
}

/**
 * 'Selected Gateways for Onboarding' (spec 001 sections 2 and 4): each selected gateway scans N times (1 to 5),
 * with its progress and a check mark per finished scan; Stop replaces Start while running; when all finish,
 * On-boarding.csv lists the locks each scan heard.
 */
export function OnboardingDialog({ gateways, open, onClose }: OnboardingDialogProps) {
  // Mounted only while open, so every opening starts a fresh run.
  return open ? <Onboarding gateways={gateways} onClose={onClose} /> : null;
}

function Onboarding({ gateways, onClose }: Omit<OnboardingDialogProps, 'open'>) {
  const t = useT('gateway-commands');
  const titleId = useId();
  const notify = useNotify();
  const start = useStartOnboarding();
  const stop = useStopOnboarding();
  const [totalScans, setTotalScans] = useState(ONBOARDING_SCANS_DEFAULT);
  const [rows, setRows] = useState<OnboardingRow[]>(() => initialRows(gateways));
  const running = isRunning(rows);
  const startable = startableMacs(rows);

  const onProgress = (message: OnboardingLiveMessage) =>
    setRows((current) => applyProgress(current, message));

  const startRun = () =>
    start.mutate(
      { macIds: startable, totalScanCycles: totalScans },
      {
        onSuccess: (answer) => setRows((current) => markStarted(current, answer)),
        onError: (error) => notify({ variant: 'error', text: error.message }),
      },
    );

  // Stopped rows change when each gateway answers STOPPED on its progress channel.
  const stopRun = () =>
    stop.mutate(runningMacs(rows), { onError: (error) => notify({ variant: 'error', text: error.message }) });

  const cancel = () => {
    if (running) stopRun();
    onClose();
  };

  const download = () =>
    saveBlob(new Blob([onboardingCsv(rows, totalScans)], { type: 'text/csv' }), ONBOARDING_CSV_NAME);

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('onboarding.title')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          size="small"
          label={t('onboarding.scans')}
          value={totalScans}
          disabled={running || start.isPending}
          onChange={(event) => setTotalScans(Number(event.target.value))}
          sx={{ my: 1, minWidth: 160 }}
        >
          {SCAN_CHOICES.map((count) => (
            <MenuItem key={count} value={count}>
              {count}
            </MenuItem>
          ))}
        </TextField>
        <TableContainer>
          <Table size="small" aria-label={t('onboarding.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('onboarding.name')}</TableCell>
                <TableCell>{t('onboarding.serialNumber')}</TableCell>
                <TableCell>{t('onboarding.scanningStatus')}</TableCell>
                {scanNumbers(totalScans).map((scan) => (
                  <TableCell key={scan} align="center">
                    {t('onboarding.scan', { scan })}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <OnboardingGatewayRow
                  key={row.macId}
                  row={row}
                  totalScans={totalScans}
                  onProgress={onProgress}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        {allFinished(rows) && (
          <Button startIcon={<FileDownloadOutlined />} onClick={download}>
            {t('onboarding.download', { file: ONBOARDING_CSV_NAME })}
          </Button>
        )}
        <Button onClick={cancel}>{t('onboarding.cancel')}</Button>
        {running ? (
          <Button variant="contained" color="error" onClick={stopRun} loading={stop.isPending}>
            {t('onboarding.stop')}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={startRun}
            disabled={startable.length === 0}
            loading={start.isPending}
          >
            {t('onboarding.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
