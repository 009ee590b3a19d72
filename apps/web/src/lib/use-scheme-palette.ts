import { type Palette, useColorScheme, useTheme } from '@mui/material/styles';

/**
 * The palette of the colour scheme on screen, as plain colour values: for what cannot read the theme's CSS
 * variables (a canvas, HTML strings handed to a map). A component using it draws again when the scheme changes.
 */
export function useSchemePalette(): Palette {
  const theme = useTheme();
  const { colorScheme } = useColorScheme();
  return theme.colorSchemes[colorScheme ?? theme.palette.mode]?.palette ?? theme.palette;
}
