import CheckCircle from '@mui/icons-material/CheckCircle';
import { LinearProgress, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { live, type OnboardingLiveMessage, onboardingLiveMessage } from '@portal/contract';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useLiveTopic } from '../../../lib/mqtt.ts';
import { type OnboardingRow, progressPercent, scanNumbers, statusText } from '../onboarding-run.ts';

interface OnboardingGatewayRowProps {
  row: OnboardingRow;
  totalScans: number;
  onProgress: (message: OnboardingLiveMessage) => void;
}

/** One gateway of the onboarding table; it listens to the gateway's progress channel while it is scanning. */
export function OnboardingGatewayRow({ row, totalScans, onProgress }: OnboardingGatewayRowProps) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const listening = row.status === 'scanning';
  useLiveTopic(listening ? live.onboarding(row.scopeId, row.macId) : null, (message) => {
    const parsed = onboardingLiveMessage.safeParse(message);
    if (parsed.success) onProgress(parsed.data);
  });
  const failed = row.status === 'offline' || row.status === 'refused';

  return (
    <TableRow aria-label={row.name}>
      <TableCell>{row.name}</TableCell>
      <TableCell>{row.macId}</TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Stack spacing={0.5}>
          <Typography variant="body2" color={failed ? 'error' : undefined}>
            {messageText(statusText(row, totalScans))}
          </Typography>
          {row.status !== 'ready' && !failed && (
            <LinearProgress
              variant="determinate"
              value={progressPercent(row, totalScans)}
              aria-label={t('onboarding.progress', { name: row.name })}
            />
          )}
        </Stack>
      </TableCell>
      {scanNumbers(totalScans).map((scan) => {
        const locks = row.passes[scan - 1];
        return (
          <TableCell key={scan} align="center">
            {locks ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'center' }}>
                <CheckCircle
                  color="success"
                  fontSize="small"
                  aria-label={t('onboarding.scanDone', { scan })}
                />
                <Typography variant="caption">{locks.length}</Typography>
              </Stack>
            ) : (
              '-'
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
}
