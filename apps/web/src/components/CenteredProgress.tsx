import { Box, CircularProgress } from '@mui/material';
import { useT } from '../lib/i18n/index.ts';

/** A spinner in the middle of the screen, named by `label` ('Loading' unless given). */
export function CenteredProgress({ label }: { label?: string }) {
  const t = useT('common');
  return (
    <Box sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label ?? t('loading')} />
    </Box>
  );
}
