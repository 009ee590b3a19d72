import { Box, CircularProgress } from '@mui/material';

export function CenteredProgress({ label }: { label: string }) {
  return (
    <Box sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
