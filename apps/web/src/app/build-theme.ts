import { createTheme, darken, getContrastRatio, type Theme } from '@mui/material/styles';
import flagFontUrl from 'country-flag-emoji-polyfill/dist/TwemojiCountryFlags.woff2?url';
import type { Branding } from './branding.ts';

/**
 * Country flags (the phone number's country picker) are emoji pairs that Chromium on Linux and Windows draws
 * as two letter boxes. A font holding only the flags (Twemoji, CC-BY 4.0) comes first in every font list; its
 * unicode-range makes the browser fetch it only when a flag is drawn.
 */
const FLAG_FONT = 'Twemoji Country Flags';
const FLAG_FONT_FACE = `@font-face {
  font-family: "${FLAG_FONT}";
  unicode-range: U+1F1E6-1F1FF, U+1F3F4, U+E0062-E0063, U+E0065, U+E0067, U+E006C, U+E006E, U+E0073-E0074, U+E0077, U+E007F;
  src: url('${flagFontUrl}') format('woff2');
  font-display: swap;
}`;
const FONT_FAMILY = `"${FLAG_FONT}", "Roboto", "Helvetica", "Arial", sans-serif`;

/** WCAG 2 AA for normal text. */
export const TEXT_CONTRAST = 4.5;
const PAGE_BACKGROUND = '#ffffff';

/**
 * The tenant's colour as text on a white surface (links, text and outlined buttons, tabs, focused labels):
 * the colour itself when it reads well enough, else the same hue darkened until it does.
 */
export function readableOnWhite(color: string): string {
  let text = color;
  for (let step = 0; step < 20 && getContrastRatio(text, PAGE_BACKGROUND) < TEXT_CONTRAST; step++) {
    text = darken(text, 0.1);
  }
  return text;
}

/**
 * The MUI theme of a tenant: its primary and secondary colours feed the palette. Text on a coloured surface
 * (app bar, contained buttons) is black or white, whichever reads at 4.5:1 (#4190c7 takes black); the colours
 * used as text on white are darkened where needed (docs/ui.md 'Accessibility').
 */
export function buildTheme({
  primaryColor,
  secondaryColor,
}: Pick<Branding, 'primaryColor' | 'secondaryColor'>): Theme {
  const primaryText = readableOnWhite(primaryColor);
  const secondaryText = readableOnWhite(secondaryColor);
  const textColor = (color: unknown) =>
    color === 'secondary'
      ? secondaryText
      : color === 'primary' || color === undefined
        ? primaryText
        : undefined;
  return createTheme({
    palette: {
      primary: { main: primaryColor },
      secondary: { main: secondaryColor },
      background: { default: '#f5f7fa' },
      contrastThreshold: TEXT_CONTRAST,
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: FONT_FAMILY },
    components: {
      MuiCssBaseline: { styleOverrides: FLAG_FONT_FACE },
      // A visible focus ring on every button, checkbox, switch, tab and menu entry reached by keyboard.
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: `2px solid ${primaryText}`, outlineOffset: 2 } },
        },
      },
      MuiButton: {
        styleOverrides: {
          root: ({ ownerState }) =>
            ownerState.variant !== 'contained' && textColor(ownerState.color)
              ? { color: textColor(ownerState.color) }
              : {},
        },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ ownerState }) => (ownerState.color === 'primary' ? { color: primaryText } : {}),
        },
      },
      MuiTab: {
        styleOverrides: { root: { '&.Mui-selected': { color: primaryText } } },
      },
      MuiFormLabel: {
        styleOverrides: { root: { '&.Mui-focused': { color: primaryText } } },
      },
    },
  });
}
