import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PauseCircle from '@mui/icons-material/PauseCircle';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import PlaylistRemove from '@mui/icons-material/PlaylistRemove';
import Radar from '@mui/icons-material/Radar';
import RestartAlt from '@mui/icons-material/RestartAlt';
import TrackChanges from '@mui/icons-material/TrackChanges';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { type GatewayCommandBody, gatewayCommandMessages, SCANNED_LOCKS_CSV_NAME } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { saveDownload } from '../../../lib/save-file.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { downloadScannedLocks } from '../api/download-scanned-locks.ts';
import { useGatewayCommand } from '../use-gateway-command.ts';

/**
 * Commands that ask first: the confirmation's title is the spec's dialog name; its question is ours (both
 * `status.{title, text}` of the catalogue).
 */
const CONFIRMATIONS = {
  'REMOVE-BLACKLISTED-LOCKS': { title: 'clearBlacklistTitle', text: 'clearBlacklistText' },
  RESET: { title: 'restartTitle', text: 'restartText' },
} as const;
type ConfirmedCommand = keyof typeof CONFIRMATIONS;

interface StatusToolbarProps {
  macId: string;
  online: boolean;
  /** IOT_DEVICE_WRITE: commands, whitelist and force probe. */
  canWrite: boolean;
  /** TOP_LEVEL_SCOPE_READ: the Force Probe icon is shown. */
  canForceProbe: boolean;
  onWhitelist: () => void;
  onForceProbe: () => void;
}

function ToolbarButton(props: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The status dialog's toolbar (spec 001 section 2): Scan, Force Idle, Whitelist, Clear Blacklist, Force Probe,
 * Restart, and the ScannedData.csv download. Offline, a command says 'Gateway is offline...'.
 */
export function StatusToolbar({
  macId,
  online,
  canWrite,
  canForceProbe,
  onWhitelist,
  onForceProbe,
}: StatusToolbarProps) {
  const t = useT('gateway-commands');
  const notify = useNotify();
  const command = useGatewayCommand(macId, online);
  const [confirming, setConfirming] = useState<ConfirmedCommand | null>(null);
  const [downloading, setDownloading] = useState(false);
  const busy = !canWrite || command.pending;

  const run = (body: GatewayCommandBody) => command.run(body);
  const ask = (name: ConfirmedCommand) => {
    if (online) setConfirming(name);
    else notify({ variant: 'warning', text: gatewayCommandMessages.offline });
  };
  const whenOnline = (open: () => void) => () =>
    online ? open() : notify({ variant: 'warning', text: gatewayCommandMessages.offline });

  const download = async () => {
    setDownloading(true);
    try {
      saveDownload(await downloadScannedLocks(macId), SCANNED_LOCKS_CSV_NAME);
    } catch (error) {
      notify({ variant: 'error', text: (error as Error).message });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="toolbar"
      aria-label={t('status.toolbar')}
      sx={{ flexWrap: 'wrap' }}
    >
      <ToolbarButton label={t('status.scan')} disabled={busy} onClick={() => run({ command: 'SCAN' })}>
        <Radar />
      </ToolbarButton>
      <ToolbarButton
        label={t('status.forceIdle')}
        disabled={busy}
        onClick={() => run({ command: 'FORCE-IDLE' })}
      >
        <PauseCircle />
      </ToolbarButton>
      <ToolbarButton label={t('status.whitelist')} disabled={!canWrite} onClick={onWhitelist}>
        <PlaylistAddCheck />
      </ToolbarButton>
      <ToolbarButton
        label={t('status.clearBlacklist')}
        disabled={busy}
        onClick={() => ask('REMOVE-BLACKLISTED-LOCKS')}
      >
        <PlaylistRemove />
      </ToolbarButton>
      {canForceProbe && (
        <ToolbarButton label={t('status.forceProbe')} disabled={!canWrite} onClick={whenOnline(onForceProbe)}>
          <TrackChanges />
        </ToolbarButton>
      )}
      <ToolbarButton label={t('status.restart')} disabled={busy} onClick={() => ask('RESET')}>
        <RestartAlt />
      </ToolbarButton>
      <ToolbarButton
        label={t('status.download', { file: SCANNED_LOCKS_CSV_NAME })}
        disabled={downloading}
        onClick={download}
      >
        <FileDownloadOutlined />
      </ToolbarButton>
      {confirming && (
        <ConfirmDialog
          title={t(`status.${CONFIRMATIONS[confirming].title}`)}
          text={t(`status.${CONFIRMATIONS[confirming].text}`)}
          onConfirm={() => {
            setConfirming(null);
            command.run({ command: confirming });
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}
