import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The head of a list page in a `<Paper aria-labelledby="page-title">`: its title (the page's h1), a button that
 * adds an entry when `onAdd` is given, and an introduction below.
 */
export function PageHead({
  title,
  addLabel,
  onAdd,
  intro,
}: {
  title: string;
  addLabel: string;
  onAdd?: (() => void) | undefined;
  intro: ReactNode;
}) {
  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography id="page-title" variant="h5" component="h1">
          {title}
        </Typography>
        {onAdd && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2, maxWidth: '75ch' }}>
        {intro}
      </Typography>
    </>
  );
}
