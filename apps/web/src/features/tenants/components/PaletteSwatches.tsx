import { Box, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

export type PaletteTarget = 'primary' | 'secondary';

interface PaletteSwatchesProps {
  colors: string[];
  onPick: (color: string, target: PaletteTarget) => void;
  disabled?: boolean;
}

/**
 * The logo's four main colours. A swatch sets the colour chosen by the Primary / Secondary toggle (Primary at
 * first); shift-click sets the other one.
 */
export function PaletteSwatches({ colors, onPick, disabled }: PaletteSwatchesProps) {
  const t = useT('tenants');
  const [target, setTarget] = useState<PaletteTarget>('primary');
  if (colors.length === 0) return null;
  const other: PaletteTarget = target === 'primary' ? 'secondary' : 'primary';
  const targetName = (which: PaletteTarget) => t(`palette.${which}Target`);
  return (
    <Stack spacing={1} role="group" aria-label={t('palette.label')}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('palette.intro')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={target}
          onChange={(_event, next: PaletteTarget | null) => next && setTarget(next)}
          aria-label={t('palette.target')}
          disabled={disabled}
        >
          <ToggleButton value="primary">{t('palette.primary')}</ToggleButton>
          <ToggleButton value="secondary">{t('palette.secondary')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" spacing={1}>
        {colors.map((color) => (
          <Tooltip key={color} title={t('palette.swatch', { color, other: targetName(other) })}>
            <Box
              component="button"
              type="button"
              aria-label={t('palette.use', { color, target: targetName(target) })}
              disabled={disabled}
              onClick={(event) => onPick(color, event.shiftKey ? other : target)}
              sx={{
                width: 36,
                height: 36,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: color,
                cursor: disabled ? 'default' : 'pointer',
              }}
            />
          </Tooltip>
        ))}
      </Stack>
    </Stack>
  );
}
