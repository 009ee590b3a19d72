import { Box, Typography } from '@mui/material';
import type { CustomerQuotaUse } from '@portal/contract';
import { formatNumber, useT } from '../../../lib/i18n/index.ts';
import { QUOTA_ROWS, quotaFigure } from '../quotas.ts';

/**
 * A customer's quotas with their use, for root (docs/quotas.md): 'Gateways 12 / 50', 'Lock users 3 / unlimited',
 * the API calls of this minute, the message rate and the stored days. A figure at its quota is shown in red.
 */
export function QuotaFigures({ use }: { use: CustomerQuotaUse | undefined }) {
  const t = useT('tenants');
  if (!use) return null;
  return (
    <Box
      component="ul"
      aria-label={t('quotas.figures')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, m: 0, p: 0, listStyle: 'none' }}
    >
      {QUOTA_ROWS.map(({ kind }) => {
        const figure = quotaFigure(use, kind, t('quotas.unlimited'), (value) => formatNumber(value));
        return (
          <Typography
            key={kind}
            component="li"
            variant="caption"
            color={figure.over ? 'error' : 'text.secondary'}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t(`quotas.short.${kind}`)} {figure.text}
          </Typography>
        );
      })}
    </Box>
  );
}
