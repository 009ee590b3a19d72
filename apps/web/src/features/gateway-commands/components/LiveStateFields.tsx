import { Box, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/date-time.ts';
import type { LiveState } from '../live-gateway-state.ts';

type Field = [label: string, value: (state: LiveState) => string | number | null | undefined];

const withRssi = (lock: string | null | undefined, rssi: number | null | undefined) =>
  lock ? (rssi == null ? lock : `${lock} (${rssi})`) : undefined;

/** The engine's live state as the dialog lists it (spec 001 section 3, gateway live state). */
const FIELDS: Field[] = [
  ['Current State', (s) => s.currentState],
  ['Current Lock', (s) => withRssi(s.currentLock, s.currentLockRssi)],
  ['Whitelisted Locks', (s) => s.whitelistedLocksCount],
  ['Scanned Locks', (s) => s.totalScannedLocks],
  ['Whitelisted Scanned Locks', (s) => s.totalWhitelistedScannedLocks],
  ['Total Scanned Locks', (s) => s.totalScannedLocksCount],
  [
    'Unreachable Locks',
    (s) => s.unreacheableLocksList?.join(', ') || (s.unreacheableLocksList ? 'None' : undefined),
  ],
  ['Next Scan At', (s) => (s.nextScanAt ? formatDateTime(s.nextScanAt) : undefined)],
  ['Locks Yet To Probe', (s) => s.locksYetToProbeCount],
  ['Locks Yet To Fetch History', (s) => s.locksYetToFetchHistoryCount],
  ['Strongest Lock', (s) => withRssi(s.lockWithStrongestRssi, s.strongestRssi)],
  ['Weakest Lock', (s) => withRssi(s.lockWithWeakestRssi, s.weakestRssi)],
  ['Locks To Update Firmware', (s) => s.locksToUpdateFwCount],
];

/** Label and value pairs; '-' for what the gateway has not reported. */
export function LiveStateFields({ liveState }: { liveState: LiveState | null }) {
  return (
    <Box
      component="dl"
      aria-label="Gateway state"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {FIELDS.map(([label, value]) => {
        const shown = liveState ? value(liveState) : undefined;
        return (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              aria-label={label}
              sx={{ m: 0, wordBreak: 'break-word' }}
            >
              {shown === undefined || shown === null || shown === '' ? '-' : String(shown)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
