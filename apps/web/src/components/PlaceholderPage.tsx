import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PlaceholderPageProps {
  title: string;
  /** The work that brings this screen, e.g. 'gateways'. */
  feature: string;
  children?: ReactNode;
}

/** Stand-in for a screen that a later piece of work builds; it sits in the real shell. */
export function PlaceholderPage({ title, feature, children }: PlaceholderPageProps) {
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
      <Typography color="text.secondary">This screen arrives with the {feature} work.</Typography>
    </Paper>
  );
}
