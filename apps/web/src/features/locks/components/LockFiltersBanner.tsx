import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { type LockUrlFilters, lockFilterChips } from '../lock-filters.ts';

interface LockFiltersBannerProps {
  filters: LockUrlFilters;
  onRemove: (param: string) => void;
}

/** 'Filtered by :' over the locks list opened from a Dashboard figure, as on the gateways list; each chip removable. */
export function LockFiltersBanner({ filters, onRemove }: LockFiltersBannerProps) {
  const chips = lockFilterChips(filters);
  if (chips.length === 0) return null;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }} role="region" aria-label="Filtered by">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">Filtered by :</Typography>
        {chips.map((chip) => (
          <Stack key={chip.param} direction="row" sx={{ alignItems: 'center' }}>
            <Chip label={chip.label} size="small" color="primary" />
            <Tooltip title="Remove filter">
              <IconButton
                size="small"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => onRemove(chip.param)}
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
