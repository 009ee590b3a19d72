import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One line of a {@link DetailList}: its label and how to write the item's value. */
export interface Detail<T> {
  label: string;
  text: (item: T) => ReactNode;
}

/** The label/value details of one item on a card (phones): a two-column `dl`, long values wrapped anywhere. */
export function DetailList<T>({ details, item }: { details: readonly Detail<T>[]; item: T }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {details.map((detail) => (
        <Box key={detail.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {detail.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
            {detail.text(item)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
