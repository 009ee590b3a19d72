import { Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
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

type ThemeColorName = 'primaryThemeColor' | 'secondaryThemeColor';

/** The form's two theme colours: their values, how to set one, and their rule messages. */
export interface ThemeColorsForm {
  values: Record<ThemeColorName, string>;
  setValue: (
    name: ThemeColorName,
    value: string,
    options: { shouldDirty: boolean; shouldValidate: boolean },
  ) => void;
  errors: Partial<Record<ThemeColorName, { message?: string }>>;
}

interface BrandingFieldsProps {
  colors: ThemeColorsForm;
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
  const { colors, disabled } = props;
  const t = useT('tenants');
  const palette = useLogoPalette(props.logo, props.currentLogoUrl ?? null);
  const colorInput = (name: ThemeColorName) => ({
    value: colors.values[name],
    onChange: (value: string) => colors.setValue(name, value, { shouldDirty: true, shouldValidate: true }),
    error: colors.errors[name]?.message,
  });
  const primary = colorInput('primaryThemeColor');
  const secondary = colorInput('secondaryThemeColor');
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2" component="h3">
        {t('branding.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ImageField
          label={t('branding.uploadLogo')}
          value={props.logo}
          currentUrl={props.currentLogoUrl}
          onChange={props.onLogoChange}
          disabled={disabled}
        />
        <ImageField
          label={t('branding.uploadFavicon')}
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
        <ColorField label={t('branding.primaryColor')} {...primary} disabled={disabled} />
        <ColorField label={t('branding.secondaryColor')} {...secondary} disabled={disabled} />
      </Stack>
    </Stack>
  );
}
