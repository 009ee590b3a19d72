import { LinearProgress, Stack, Typography } from '@mui/material';

/** A live status line above a list ('Fetching Portal Users ...') with a progress bar named by the same text. */
export function ProgressStatus({ text }: { text: string }) {
  return (
    <Stack role="status" spacing={0.5} sx={{ mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      <LinearProgress aria-label={text} />
    </Stack>
  );
}
