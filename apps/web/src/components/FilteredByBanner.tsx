import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useT } from '../lib/i18n/index.ts';

/** One filter the banner shows: its URL parameter and its label. */
export interface ActiveFilter {
  param: string;
  label: string;
}

interface FilteredByBannerProps {
  filters: ActiveFilter[];
  onRemove: (param: string) => void;
}

/**
 * Spec 001 section 2: 'Filtered by :' over a list opened from a Dashboard figure or a global search row (the
 * gateways and the locks lists); each filter has a remove icon.
 */
export function FilteredByBanner({ filters, onRemove }: FilteredByBannerProps) {
  const t = useT('components');
  if (filters.length === 0) return null;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }} role="region" aria-label={t('filteredBy.label')}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('filteredBy.text')}</Typography>
        {filters.map((filter) => (
          <Stack key={filter.param} direction="row" sx={{ alignItems: 'center' }}>
            <Chip label={filter.label} size="small" color="primary" />
            <Tooltip title={t('filteredBy.remove')}>
              <IconButton
                size="small"
                aria-label={t('filteredBy.removeOne', { label: filter.label })}
                onClick={() => onRemove(filter.param)}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
