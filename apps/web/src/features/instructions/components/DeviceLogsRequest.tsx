import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { type GatewaySummary, instructionDeadlineMs } from '@portal/contract';
import { deviceLogsView } from '../device-logs.ts';
import { useInstructionRequest } from '../use-instruction-request.ts';

/**
 * Request device logs (spec 001 section 4): a LOGS instruction; the gateway reports its upload progress and
 * finally the saved file's link. The wait ends after 60 s (90 s for gateway apps above version 158).
 */
export function DeviceLogsRequest({ gateway }: { gateway: GatewaySummary }) {
  const request = useInstructionRequest({
    gateway,
    type: 'LOGS',
    timeoutMs: instructionDeadlineMs('LOGS', gateway.appVersion),
  });
  const view = deviceLogsView(request.state);

  return (
    <Stack component="section" aria-label="Device logs" spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={request.start} loading={view.busy}>
          Request device logs
        </Button>
        {view.url && (
          <Tooltip title="Download device logs">
            <IconButton
              component="a"
              href={view.url}
              download
              aria-label="Download device logs"
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
            aria-label="Device logs progress"
            variant={view.percent === null ? 'indeterminate' : 'determinate'}
            value={view.percent ?? undefined}
          />
          {view.percent !== null && <Typography variant="body2">{view.percent}%</Typography>}
        </Box>
      )}
      {view.lines.map((line) => (
        <Typography key={line.text} variant="body2" color={line.failed ? 'error' : 'text.primary'}>
          {line.text}
        </Typography>
      ))}
    </Stack>
  );
}
