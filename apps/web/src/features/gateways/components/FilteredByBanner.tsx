import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { GATEWAY_NAME_PARAM } from '../../global-search/search-rules.ts';

/** The gateway-name filter a global search row opens the page with (?name=), and its removal. */
export function useGatewayNameFilter(): [string | null, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const remove = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GATEWAY_NAME_PARAM);
        return next;
      },
      { replace: true },
    );
  return [searchParams.get(GATEWAY_NAME_PARAM)?.trim() || null, remove];
}

interface FilteredByBannerProps {
  /** The gateway name the list is filtered by. */
  name: string;
  onRemove: () => void;
}

/**
 * Spec 000 section 2: a gateway opened from a global search row shows 'Filtered by' with its name; the remove
 * icon clears the filter.
 */
export function FilteredByBanner({ name, onRemove }: FilteredByBannerProps) {
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }} aria-label="Filtered by">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">Filtered by</Typography>
        <Chip label={name} size="small" color="primary" />
        <Tooltip title="Remove filter">
          <IconButton size="small" aria-label="Remove filter" onClick={onRemove}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Alert>
  );
}
