import { Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/index.ts';
import { useLocksCount } from '../api/get-locks-count.ts';
import { countsText } from '../locks-list.ts';

/** The customer's lock counts (GET /api/online-offline/locksCount), kept current by the locks channel. */
export function LocksCounts({ scopeId }: { scopeId: string }) {
  const t = useT('locks');
  const counts = useLocksCount(scopeId);
  if (!counts.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" aria-label={t('countsLabel')}>
      {countsText(counts.data)}
    </Typography>
  );
}
