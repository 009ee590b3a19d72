import { createTheme, type Theme } from '@mui/material/styles';
import type { Branding } from './branding.ts';

/** The MUI theme of a tenant: its primary and secondary colours feed the palette. */
export function buildTheme({
  primaryColor,
  secondaryColor,
}: Pick<Branding, 'primaryColor' | 'secondaryColor'>): Theme {
  return createTheme({
    palette: {
      primary: { main: primaryColor },
      secondary: { main: secondaryColor },
      background: { default: '#f5f7fa' },
    },
    shape: { borderRadius: 8 },
  });
}
