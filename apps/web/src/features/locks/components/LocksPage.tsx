import { Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FilteredByBanner } from '../../../components/FilteredByBanner.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { lockFilterChips, lockFiltersFrom } from '../lock-filters.ts';
import { LocksCounts } from './LocksCounts.tsx';
import { LocksList } from './LocksList.tsx';

/**
 * /cli/locks?scopeId= (docs/ui.md 'Locks and lock users'): the customer's locks behind all its gateways, with the counts;
 * `&macId=` narrows it to one gateway's locks; `&battery=low` and `&access=pending|sent|failed` (the Dashboard's
 * figures) to the locks they count, under a 'Filtered by :' banner.
 */
export function LocksPage() {
  const t = useT('locks');
  const [searchParams, setSearchParams] = useSearchParams();
  const { tenantId } = useSession();
  const scopeId = searchParams.get('scopeId') || tenantId;
  const gatewayMacId = searchParams.get('macId') || undefined;
  const filters = useMemo(() => lockFiltersFrom(searchParams), [searchParams]);
  const removeFilter = (param: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'baseline' }, gap: 1 }}
      >
        <Typography id="page-title" variant="h5" component="h1">
          {gatewayMacId ? t('titleOfGateway', { macId: gatewayMacId }) : t('title')}
        </Typography>
        <LocksCounts scopeId={scopeId} />
      </Stack>
      <FilteredByBanner filters={lockFilterChips(filters)} onRemove={removeFilter} />
      <LocksList
        key={`${scopeId}-${gatewayMacId ?? ''}-${filters.battery ?? ''}-${filters.access ?? ''}`}
        scopeId={scopeId}
        gatewayMacId={gatewayMacId}
        filters={filters}
      />
    </Paper>
  );
}
