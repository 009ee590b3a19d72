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
import { saveDownload } from '../../../lib/save-file.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { downloadScannedLocks } from '../api/download-scanned-locks.ts';
import { useGatewayCommand } from '../use-gateway-command.ts';

/** Commands that ask first: the confirmation's title is the spec's dialog name; its question is ours. */
const CONFIRMATIONS = {
  'REMOVE-BLACKLISTED-LOCKS': {
    title: 'Clear Blacklisted Locks',
    text: 'Are you sure you want to clear the blacklisted locks of this gateway?',
  },
  RESET: { title: 'Restart Gateway', text: 'Are you sure you want to restart this gateway?' },
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
      aria-label="Gateway commands"
      sx={{ flexWrap: 'wrap' }}
    >
      <ToolbarButton label="Scan" disabled={busy} onClick={() => run({ command: 'SCAN' })}>
        <Radar />
      </ToolbarButton>
      <ToolbarButton label="Force Idle" disabled={busy} onClick={() => run({ command: 'FORCE-IDLE' })}>
        <PauseCircle />
      </ToolbarButton>
      <ToolbarButton label="Whitelist" disabled={!canWrite} onClick={onWhitelist}>
        <PlaylistAddCheck />
      </ToolbarButton>
      <ToolbarButton label="Clear Blacklist" disabled={busy} onClick={() => ask('REMOVE-BLACKLISTED-LOCKS')}>
        <PlaylistRemove />
      </ToolbarButton>
      {canForceProbe && (
        <ToolbarButton label="Force Probe" disabled={!canWrite} onClick={whenOnline(onForceProbe)}>
          <TrackChanges />
        </ToolbarButton>
      )}
      <ToolbarButton label="Restart" disabled={busy} onClick={() => ask('RESET')}>
        <RestartAlt />
      </ToolbarButton>
      <ToolbarButton label={`Download ${SCANNED_LOCKS_CSV_NAME}`} disabled={downloading} onClick={download}>
        <FileDownloadOutlined />
      </ToolbarButton>
      {confirming && (
        <ConfirmDialog
          title={CONFIRMATIONS[confirming].title}
          text={CONFIRMATIONS[confirming].text}
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
