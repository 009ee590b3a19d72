import { Typography } from '@mui/material';
import { useLocksCount } from '../api/get-locks-count.ts';
import { countsText } from '../locks-list.ts';

/** The customer's lock counts (GET /api/online-offline/locksCount), kept current by the locks channel. */
export function LocksCounts({ scopeId }: { scopeId: string }) {
  const counts = useLocksCount(scopeId);
  if (!counts.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" aria-label="Lock counts">
      {countsText(counts.data)}
    </Typography>
  );
}
