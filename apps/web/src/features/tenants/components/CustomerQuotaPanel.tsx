import { Paper, Typography } from '@mui/material';
import { QUOTA_KINDS } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { useCustomerQuota } from '../api/get-customer-quota.ts';
import { QuotaFigures } from './QuotaFigures.tsx';

/**
 * A customer's quotas with its use, on its Dashboard (docs/quotas.md), so its people see what they may still add
 * before a refusal tells them; shown only when the platform operator set at least one.
 */
export function CustomerQuotaPanel({ scopeId }: { scopeId: string }) {
  const t = useT('tenants');
  const { data } = useCustomerQuota(scopeId);
  if (!data || QUOTA_KINDS.every((kind) => data.quotas[kind] === null)) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="quotas-title" sx={{ p: 2 }}>
      <Typography id="quotas-title" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('quotas.ownTitle')}
      </Typography>
      <QuotaFigures use={data} />
    </Paper>
  );
}
