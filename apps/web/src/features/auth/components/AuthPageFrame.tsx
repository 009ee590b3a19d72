import { Box, Paper, type PaperProps } from '@mui/material';
import type { ReactNode } from 'react';
import { AppVersion } from '../../../components/AppVersion.tsx';
import { MarketingPanel } from './MarketingPanel.tsx';

/**
 * The signed-out pages' frame (login, sign-up, forgot and set/reset password): the product's selling points
 * beside (or above, on phones) one card, with the app version under it.
 */
export function AuthPageFrame({ children, ...paper }: { children: ReactNode } & PaperProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <MarketingPanel />
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 3 },
          gap: 2,
        }}
      >
        <Paper elevation={3} {...paper} sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
          {children}
        </Paper>
        <AppVersion />
      </Box>
    </Box>
  );
}
