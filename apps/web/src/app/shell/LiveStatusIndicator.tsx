import SensorsOff from '@mui/icons-material/SensorsOff';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Box, IconButton } from '@mui/material';
import { liveClient, useLiveStatus } from '../../lib/mqtt.ts';
import { HintTooltip } from './HintTooltip.tsx';

const STATUS_TEXT = {
  connecting: 'Live updates connecting',
  reconnecting: 'Live updates reconnecting',
  connected: 'Live updates connected',
} as const;

/** Shows the live-update connection; once it has given up, a click tries again. */
export function LiveStatusIndicator() {
  const status = useLiveStatus();
  if (status === 'idle') return null;
  if (status === 'stopped') {
    return (
      <HintTooltip title="Live updates stopped. Click to reconnect.">
        <IconButton color="inherit" aria-label="Reconnect live updates" onClick={() => liveClient.start()}>
          <SensorsOff />
        </IconButton>
      </HintTooltip>
    );
  }
  const text = STATUS_TEXT[status];
  return (
    <HintTooltip title={text}>
      <Box component="span" role="img" aria-label={text} sx={{ display: 'inline-flex', p: 1, opacity: 0.9 }}>
        {status === 'connected' ? <SensorsOutlined /> : <SyncOutlined />}
      </Box>
    </HintTooltip>
  );
}
