import {
  createTheme,
  darken,
  getContrastRatio,
  getOverlayAlpha,
  lighten,
  type Theme,
} from '@mui/material/styles';
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
/** The dark theme's page and paper colour (MUI's own). */
const DARK_BACKGROUND = '#121212';
/**
 * The lightest surface text sits on in the dark theme: a dialog's paper, which MUI lightens with a white
 * overlay for its elevation (24, the highest in use; about #393939). A colour that reads there reads on every
 * darker surface too.
 */
export const DARK_SURFACE = lighten(DARK_BACKGROUND, getOverlayAlpha(24));

/** The colour itself when it reads at 4.5:1 on `surface`, else the same hue moved towards black or white until it does. */
function readableOn(surface: string, color: string, shift: (color: string) => string): string {
  let text = color;
  for (let step = 0; step < 20 && getContrastRatio(text, surface) < TEXT_CONTRAST; step++) text = shift(text);
  return text;
}

/** The tenant's colour as text on a white surface: darkened until it reads. */
export const readableOnWhite = (color: string) => readableOn(PAGE_BACKGROUND, color, (c) => darken(c, 0.1));

/** The tenant's colour as text on the dark theme's surfaces: lightened until it reads. */
export const readableOnDark = (color: string) => readableOn(DARK_SURFACE, color, (c) => lighten(c, 0.1));

/** Black or white text on a coloured surface, whichever reads at 4.5:1 (as MUI's `contrastThreshold`). */
export const textOnColor = (color: string) =>
  getContrastRatio(color, '#fff') >= TEXT_CONTRAST ? '#fff' : 'rgba(0, 0, 0, 0.87)';

/**
 * A contained button's colour under the pointer. MUI darkens it, which takes black text (a light tenant colour,
 * the default #4190c7 included) below 4.5:1; this moves it away from its text instead: darker under white
 * text, lighter under black.
 */
export const hoverOf = (color: string) =>
  textOnColor(color) === '#fff' ? darken(color, 0.15) : lighten(color, 0.15);

/** Where the browser remembers the Appearance choice (`system`, `light` or `dark`; `system` when absent). */
export const COLOR_MODE_STORAGE_KEY = 'portal.colorMode';

/**
 * The browser asks for reduced motion (an operating-system setting; WCAG 2.3.3): dialogs, menus, drawers and
 * snackbars appear and go at once, and a click makes no ripple (the focus ring stays). Spinners still turn.
 */
const NO_MOTION = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

/** The data attribute on <html> naming the colour scheme shown: `data-color-scheme="dark"`. */
const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

/**
 * The MUI theme of a tenant, in a light and a dark colour scheme (docs/ui.md 'Light and dark'). Light: the
 * tenant's primary and secondary colours are the surfaces' colours, and where used as text on white (links,
 * text and outlined buttons, outlined chips, tabs, focused labels, text, the focus ring) darkened until they
 * read at 4.5:1. Dark: the same colours lightened until they read at 4.5:1 on the dark surfaces, everywhere
 * but the app bar, which keeps the tenant's own colour. Text on a coloured surface is black or white,
 * whichever reads at 4.5:1.
 */
export function buildTheme(
  { primaryColor, secondaryColor }: Pick<Branding, 'primaryColor' | 'secondaryColor'>,
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): Theme {
  const onWhite = { primary: readableOnWhite(primaryColor), secondary: readableOnWhite(secondaryColor) };
  const onDark = { primary: readableOnDark(primaryColor), secondary: readableOnDark(secondaryColor) };
  // The text colour, in each scheme, of a control in the tenant's `color` (none given: primary); other colours
  // keep MUI's own.
  const tenantColorKey = (color: unknown) =>
    color === 'secondary' ? 'secondary' : color === 'primary' || color === undefined ? 'primary' : null;
  const textColor = (theme: Theme, color: unknown) => {
    const key = tenantColorKey(color);
    return key ? { color: onWhite[key], ...theme.applyStyles('dark', { color: onDark[key] }) } : {};
  };
  const surfaces = { primary: primaryColor, secondary: secondaryColor };
  const containedHover = (theme: Theme, color: unknown) => {
    const key = tenantColorKey(color);
    return key
      ? {
          '&:hover': {
            backgroundColor: hoverOf(surfaces[key]),
            ...theme.applyStyles('dark', { backgroundColor: hoverOf(onDark[key]) }),
          },
        }
      : {};
  };
  return createTheme({
    cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: primaryColor },
          secondary: { main: secondaryColor },
          background: { default: '#f5f7fa' },
          contrastThreshold: TEXT_CONTRAST,
        },
      },
      dark: {
        palette: {
          primary: { main: onDark.primary },
          secondary: { main: onDark.secondary },
          background: { default: DARK_BACKGROUND, paper: DARK_BACKGROUND },
          // MUI's own dark status colours, lightened where they would not read in a dialog (its error red:
          // 5.1:1 on the page, 3.1:1 on a dialog).
          error: { main: readableOnDark('#f44336') },
          warning: { main: readableOnDark('#ffa726') },
          info: { main: readableOnDark('#29b6f6') },
          success: { main: readableOnDark('#66bb6a') },
          contrastThreshold: TEXT_CONTRAST,
        },
      },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: FONT_FAMILY },
    ...(reducedMotion && { transitions: NO_MOTION }),
    components: {
      MuiCssBaseline: { styleOverrides: FLAG_FONT_FACE },
      // The app bar keeps the tenant's colour in the dark scheme too (MUI would make it grey).
      MuiAppBar: {
        defaultProps: { enableColorOnDark: true },
        styleOverrides: {
          colorPrimary: ({ theme }) =>
            theme.applyStyles('dark', {
              '--AppBar-background': primaryColor,
              '--AppBar-color': textOnColor(primaryColor),
            }),
        },
      },
      // A visible focus ring on every button, checkbox, switch, tab and menu entry reached by keyboard.
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `2px solid ${onWhite.primary}`,
              outlineOffset: 2,
              ...theme.applyStyles('dark', { outlineColor: onDark.primary }),
            },
          }),
        },
      },
      MuiButton: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            ownerState.variant === 'contained'
              ? containedHover(theme, ownerState.color)
              : textColor(theme, ownerState.color),
        },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            ownerState.color === 'primary' ? textColor(theme, 'primary') : {},
        },
      },
      MuiChip: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            ownerState.variant === 'outlined' ? textColor(theme, ownerState.color) : {},
        },
      },
      MuiTypography: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            ownerState.color === 'primary' || ownerState.color === 'secondary'
              ? textColor(theme, ownerState.color)
              : {},
        },
      },
      MuiTab: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-selected': textColor(theme, 'primary') }) },
      },
      MuiFormLabel: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-focused': textColor(theme, 'primary') }) },
      },
    },
  });
}
