import { Box, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/date-time.ts';
import { i18n, useT } from '../../../lib/i18n/index.ts';
import type { LiveState } from '../live-gateway-state.ts';

type Field = [
  /** `state.{label}` of the catalogue. */
  label:
    | 'currentState'
    | 'currentLock'
    | 'whitelistedLocks'
    | 'scannedLocks'
    | 'whitelistedScannedLocks'
    | 'totalScannedLocks'
    | 'unreachableLocks'
    | 'nextScanAt'
    | 'locksYetToProbe'
    | 'locksYetToFetchHistory'
    | 'strongestLock'
    | 'weakestLock'
    | 'locksToUpdateFirmware',
  value: (state: LiveState) => string | number | null | undefined,
];

const withRssi = (lock: string | null | undefined, rssi: number | null | undefined) =>
  lock ? (rssi == null ? lock : `${lock} (${rssi})`) : undefined;

/** The engine's live state as the dialog lists it (spec 001 section 3, gateway live state). */
const FIELDS: Field[] = [
  ['currentState', (s) => s.currentState],
  ['currentLock', (s) => withRssi(s.currentLock, s.currentLockRssi)],
  ['whitelistedLocks', (s) => s.whitelistedLocksCount],
  ['scannedLocks', (s) => s.totalScannedLocks],
  ['whitelistedScannedLocks', (s) => s.totalWhitelistedScannedLocks],
  ['totalScannedLocks', (s) => s.totalScannedLocksCount],
  [
    'unreachableLocks',
    (s) =>
      s.unreacheableLocksList?.join(', ') ||
      (s.unreacheableLocksList ? i18n.t('gateway-commands:state.none') : undefined),
  ],
  ['nextScanAt', (s) => (s.nextScanAt ? formatDateTime(s.nextScanAt) : undefined)],
  ['locksYetToProbe', (s) => s.locksYetToProbeCount],
  ['locksYetToFetchHistory', (s) => s.locksYetToFetchHistoryCount],
  ['strongestLock', (s) => withRssi(s.lockWithStrongestRssi, s.strongestRssi)],
  ['weakestLock', (s) => withRssi(s.lockWithWeakestRssi, s.weakestRssi)],
  ['locksToUpdateFirmware', (s) => s.locksToUpdateFwCount],
];

/** Label and value pairs; '-' for what the gateway has not reported. */
export function LiveStateFields({ liveState }: { liveState: LiveState | null }) {
  const t = useT('gateway-commands');
  return (
    <Box
      component="dl"
      aria-label={t('state.label')}
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {FIELDS.map(([label, value]) => {
        const shown = liveState ? value(liveState) : undefined;
        return (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`state.${label}`)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              aria-label={t(`state.${label}`)}
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
