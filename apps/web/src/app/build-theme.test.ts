import { decomposeColor, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import {
  buildTheme,
  DARK_SURFACE,
  hoverOf,
  readableOnDark,
  readableOnWhite,
  TEXT_CONTRAST,
  textOnColor,
} from './build-theme.ts';

/** The hue of a colour in degrees (0-360), to tell an adapted colour from a dropped one. */
function hue(color: string): number {
  const [r, g, b] = decomposeColor(color).values.map((value) => value / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const sector =
    max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return sector * 60;
}

const TENANT_COLORS = [
  '#4190c7',
  '#B0BF5D',
  '#123456',
  '#c62828',
  '#7b1fa2',
  '#000000',
  '#ffeb3b',
  '#ffffff',
];

describe('tenant theme contrast', () => {
  it('keeps #4190c7 as the surface colour and puts text on it that reads at 4.5:1', () => {
    const theme = buildTheme({ primaryColor: '#4190c7', secondaryColor: '#B0BF5D' });
    expect(theme.palette.primary.main).toBe('#4190c7');
    expect(getContrastRatio(theme.palette.primary.contrastText, '#4190c7')).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });

  it('darkens a light colour used as text on white until it reads, and leaves a dark one alone', () => {
    for (const color of ['#4190c7', '#B0BF5D', '#ffeb3b', '#ffffff']) {
      expect(getContrastRatio(readableOnWhite(color), '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(readableOnWhite('#123456')).toBe('#123456');
  });
});

describe('dark theme', () => {
  it('lightens a tenant colour that does not read on the dark surfaces until it reads at 4.5:1, keeping its hue', () => {
    for (const color of ['#4190c7', '#123456', '#c62828', '#7b1fa2']) {
      expect(getContrastRatio(color, DARK_SURFACE), color).toBeLessThan(TEXT_CONTRAST);
      const adapted = readableOnDark(color);
      expect(getContrastRatio(adapted, DARK_SURFACE), color).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(Math.abs(hue(adapted) - hue(color)), color).toBeLessThan(2);
      // Adapted, not dropped: not white (every colour would read as white).
      expect(getContrastRatio(adapted, '#ffffff'), color).toBeGreaterThan(1.5);
    }
    expect(getContrastRatio(readableOnDark('#000000'), DARK_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps a tenant colour that already reads on the dark surfaces', () => {
    expect(readableOnDark('#B0BF5D')).toBe('#B0BF5D');
    expect(readableOnDark('#ffeb3b')).toBe('#ffeb3b');
    expect(readableOnDark('#ffffff')).toBe('#ffffff');
  });

  it("gives the dark scheme the tenant's colours and the status colours as text that reads at 4.5:1", () => {
    for (const primaryColor of TENANT_COLORS) {
      const dark = buildTheme({ primaryColor, secondaryColor: '#ffffff' }).colorSchemes.dark?.palette;
      if (!dark) throw new Error('no dark scheme');
      expect(dark.mode).toBe('dark');
      expect(dark.primary.main).toBe(readableOnDark(primaryColor));
      for (const color of [dark.primary, dark.secondary, dark.error, dark.warning, dark.info, dark.success]) {
        expect(getContrastRatio(color.main, DARK_SURFACE), primaryColor).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
        // Contained buttons and chips: their text on the colour.
        expect(getContrastRatio(color.contrastText, color.main), primaryColor).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
      }
      expect(getContrastRatio(dark.text.primary, DARK_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(getContrastRatio(dark.text.secondary, DARK_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('keeps the light scheme as it was: the tenant colour itself as the surface colour', () => {
    const theme = buildTheme({ primaryColor: '#123456', secondaryColor: '#B0BF5D' });
    expect(theme.colorSchemes.light?.palette.primary.main).toBe('#123456');
    expect(theme.colorSchemes.light?.palette.background.default).toBe('#f5f7fa');
  });
});

describe('reduced motion', () => {
  const colors = { primaryColor: '#4190c7', secondaryColor: '#B0BF5D' };

  it('keeps MUI transitions and click ripples when the browser does not ask for less motion', () => {
    const theme = buildTheme(colors);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.transitions.create('opacity')).toContain('opacity');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });

  it('drops transitions and ripples when it asks for reduced motion', () => {
    const theme = buildTheme(colors, { reducedMotion: true });
    expect(Object.values(theme.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });
});

describe('contained buttons under the pointer', () => {
  it('keep their text at 4.5:1 for every tenant colour, in both schemes (MUI darkens, which fails black text)', () => {
    for (const color of [...TENANT_COLORS, ...TENANT_COLORS.map(readableOnDark)]) {
      const text = textOnColor(color) === '#fff' ? '#fff' : '#000';
      expect(getContrastRatio(text, hoverOf(color)), color).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // The default primary colour: black text, which MUI's darker hover (#3473a0) took to about 4.2:1.
    expect(textOnColor('#4190c7')).not.toBe('#fff');
    expect(getContrastRatio('#000', '#3473a0')).toBeLessThan(TEXT_CONTRAST);
  });
});
