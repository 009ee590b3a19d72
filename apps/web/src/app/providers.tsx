import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { HashRouter } from 'react-router-dom';
import { sessionStore } from '../lib/session.ts';
import { buildTheme } from './build-theme.ts';
import { createQueryClient } from './query-client.ts';
import { useBranding } from './use-branding.ts';

/** Spec 000 section 9: snackbars last 2 to 3 s, at most 3 at once. */
const MAX_SNACKBARS = 3;
const SNACKBAR_MS = 3000;

function BrandedTheme({ children }: { children: ReactNode }) {
  const { primaryColor, secondaryColor } = useBranding();
  const theme = useMemo(() => buildTheme({ primaryColor, secondaryColor }), [primaryColor, secondaryColor]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={MAX_SNACKBARS} autoHideDuration={SNACKBAR_MS}>
        {children}
      </SnackbarProvider>
    </ThemeProvider>
  );
}

/** Server state, routing, the tenant's theme and snackbars. Signing out drops every cached server answer. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(
    () =>
      sessionStore.subscribe(() => {
        if (!sessionStore.get().userLoggedIn) queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <BrandedTheme>{children}</BrandedTheme>
      </HashRouter>
    </QueryClientProvider>
  );
}
