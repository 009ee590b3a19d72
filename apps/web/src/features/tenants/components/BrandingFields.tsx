import { Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { paletteOfImage } from '../image-palette.ts';
import { ColorField } from './ColorField.tsx';
import { type ChosenImage, ImageField } from './ImageField.tsx';
import { PaletteSwatches } from './PaletteSwatches.tsx';

/** The palette of the chosen logo, else of the stored one (empty when there is none or it cannot be read). */
function useLogoPalette(logo: ChosenImage, currentLogoUrl: string | null): string[] {
  const [palette, setPalette] = useState<string[]>([]);
  const source = logo.file && !logo.problem ? logo.file : logo.file ? null : currentLogoUrl;
  useEffect(() => {
    let current = true;
    setPalette([]);
    if (source) void paletteOfImage(source).then((colors) => current && setPalette(colors));
    return () => {
      current = false;
    };
  }, [source]);
  return palette;
}

export interface ColorInput {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}

interface BrandingFieldsProps {
  primary: ColorInput;
  secondary: ColorInput;
  logo: ChosenImage;
  favicon: ChosenImage;
  onLogoChange: (value: ChosenImage) => void;
  onFaviconChange: (value: ChosenImage) => void;
  currentLogoUrl?: string | null;
  currentFavIconUrl?: string | null;
  disabled?: boolean;
}

/** Optional logo and favicon, the theme colours, and the palette taken from the logo. */
export function BrandingFields(props: BrandingFieldsProps) {
  const { primary, secondary, disabled } = props;
  const palette = useLogoPalette(props.logo, props.currentLogoUrl ?? null);
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2" component="h3">
        Branding (optional)
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ImageField
          label="Logo"
          value={props.logo}
          currentUrl={props.currentLogoUrl}
          onChange={props.onLogoChange}
          disabled={disabled}
        />
        <ImageField
          label="Favicon"
          value={props.favicon}
          currentUrl={props.currentFavIconUrl}
          onChange={props.onFaviconChange}
          disabled={disabled}
        />
      </Stack>
      <PaletteSwatches
        colors={palette}
        disabled={disabled}
        onPick={(color, target) => (target === 'primary' ? primary : secondary).onChange(color)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ColorField label="Primary Color" {...primary} disabled={disabled} />
        <ColorField label="Secondary Color" {...secondary} disabled={disabled} />
      </Stack>
    </Stack>
  );
}
