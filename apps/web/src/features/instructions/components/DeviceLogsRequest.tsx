import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { type GatewaySummary, instructionDeadlineMs } from '@portal/contract';
import { formatNumber, useMessageText, useT } from '../../../lib/i18n/index.ts';
import { deviceLogsView } from '../device-logs.ts';
import { useInstructionRequest } from '../use-instruction-request.ts';

/**
 * Request device logs (spec 001 section 4): a LOGS instruction; the gateway reports its upload progress and
 * finally the saved file's link. The wait ends after 60 s (90 s for gateway apps above version 158).
 */
export function DeviceLogsRequest({ gateway }: { gateway: GatewaySummary }) {
  const t = useT('instructions');
  const messageText = useMessageText();
  const request = useInstructionRequest({
    gateway,
    type: 'LOGS',
    timeoutMs: instructionDeadlineMs('LOGS', gateway.appVersion),
  });
  const view = deviceLogsView(request.state);

  return (
    <Stack component="section" aria-label={t('deviceLogs.section')} spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={request.start} loading={view.busy}>
          {t('deviceLogs.request')}
        </Button>
        {view.url && (
          <Tooltip title={t('deviceLogs.download')}>
            <IconButton
              component="a"
              href={view.url}
              download
              aria-label={t('deviceLogs.download')}
              color="primary"
            >
              <DownloadIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {view.busy && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LinearProgress
            sx={{ flexGrow: 1 }}
            aria-label={t('deviceLogs.progress')}
            variant={view.percent === null ? 'indeterminate' : 'determinate'}
            value={view.percent ?? undefined}
          />
          {view.percent !== null && (
            <Typography variant="body2">
              {t('deviceLogs.percent', { value: formatNumber(view.percent) })}
            </Typography>
          )}
        </Box>
      )}
      {view.lines.map((line) => (
        <Typography key={line.text} variant="body2" color={line.failed ? 'error' : 'text.primary'}>
          {messageText(line.text)}
        </Typography>
      ))}
    </Stack>
  );
}
