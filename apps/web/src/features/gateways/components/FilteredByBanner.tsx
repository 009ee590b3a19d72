import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GATEWAY_NAME_PARAM } from '../../global-search/index.ts';
import { TENANT_NAME_PARAM, TENANT_PARAM } from '../dashboard-filters.ts';
import { type ActiveFilter, filtersFrom, type GatewayFilters } from '../gateway-filters.ts';

/** The page's URL filters (?status=, ?enrollment=, ?name=) and the removal of one of them. */
export function useGatewayFilters(): [GatewayFilters, (param: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const remove = (param: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        if (param === TENANT_PARAM) next.delete(TENANT_NAME_PARAM);
        return next;
      },
      { replace: true },
    );
  const filters = useMemo(() => filtersFrom(searchParams), [searchParams]);
  return [filters, remove];
}

/** The gateway-name filter a global search row opens the page with (?name=), and its removal. */
export function useGatewayNameFilter(): [string | null, () => void] {
  const [filters, remove] = useGatewayFilters();
  return [filters.name, () => remove(GATEWAY_NAME_PARAM)];
}

interface FilteredByBannerProps {
  filters: ActiveFilter[];
  onRemove: (param: string) => void;
}

/**
 * Spec 001 section 2: 'Filtered by :' with the dashboard's online/offline filter, the enrollment status or a
 * gateway name from the global search; each has a remove icon.
 */
export function FilteredByBanner({ filters, onRemove }: FilteredByBannerProps) {
  if (filters.length === 0) return null;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }} role="region" aria-label="Filtered by">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">Filtered by :</Typography>
        {filters.map((filter) => (
          <Stack key={filter.param} direction="row" sx={{ alignItems: 'center' }}>
            <Chip label={filter.label} size="small" color="primary" />
            <Tooltip title="Remove filter">
              <IconButton
                size="small"
                aria-label={`Remove filter ${filter.label}`}
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
