import SensorsOff from '@mui/icons-material/SensorsOff';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { Box, IconButton } from '@mui/material';
import { useT } from '../../lib/i18n/index.ts';
import { liveClient, useLiveStatus } from '../../lib/mqtt.ts';
import { HintTooltip } from './HintTooltip.tsx';

/** Shows the live-update connection; once it has given up, a click tries again. */
export function LiveStatusIndicator() {
  const status = useLiveStatus();
  const t = useT('app');
  if (status === 'idle') return null;
  if (status === 'stopped') {
    return (
      <HintTooltip title={t('live.stopped')}>
        <IconButton color="inherit" aria-label={t('live.reconnect')} onClick={() => liveClient.start()}>
          <SensorsOff />
        </IconButton>
      </HintTooltip>
    );
  }
  const text = t(`live.${status}`);
  return (
    <HintTooltip title={text}>
      <Box component="span" role="img" aria-label={text} sx={{ display: 'inline-flex', p: 1, opacity: 0.9 }}>
        {status === 'connected' ? <SensorsOutlined /> : <SyncOutlined />}
      </Box>
    </HintTooltip>
  );
}
