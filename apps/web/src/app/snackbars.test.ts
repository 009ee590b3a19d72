import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { SNACKBAR_COLORS } from './Snackbars.tsx';

describe('snackbar colours', () => {
  it("put every variant's text on its surface at 4.5:1 or more", () => {
    for (const [variant, { background, text }] of Object.entries(SNACKBAR_COLORS)) {
      expect(
        getContrastRatio(text.startsWith('rgba') ? '#000' : text, background),
        variant,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("replace notistack's own, which fail: white on #43a047 (success), #2196f3 (info), #ff9800 (warning)", () => {
    for (const background of ['#43a047', '#2196f3', '#ff9800'])
      expect(getContrastRatio('#fff', background)).toBeLessThan(4.5);
  });
});
