import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildTheme, readableOnWhite, TEXT_CONTRAST } from './build-theme.ts';

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
