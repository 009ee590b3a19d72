import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { HashRouter } from 'react-router-dom';
import { sessionStore } from '../lib/session.ts';
import { buildTheme, COLOR_MODE_STORAGE_KEY } from './build-theme.ts';
import { createQueryClient } from './query-client.ts';
import { SnackbarHost } from './SnackbarHost.tsx';
import { useBranding } from './use-branding.ts';

function BrandedTheme({ children }: { children: ReactNode }) {
  const { primaryColor, secondaryColor } = useBranding();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(
    () => buildTheme({ primaryColor, secondaryColor }, { reducedMotion }),
    [primaryColor, secondaryColor, reducedMotion],
  );
  return (
    <ThemeProvider theme={theme} modeStorageKey={COLOR_MODE_STORAGE_KEY} disableTransitionOnChange noSsr>
      <CssBaseline enableColorScheme />
      {children}
      <SnackbarHost />
    </ThemeProvider>
  );
}

/**
 * Server state, routing, the tenant's theme (light, dark or the system's, as chosen under Appearance: docs/ui.md)
 * and snackbars (loaded at the first one). Signing out drops every cached server answer.
 */
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
