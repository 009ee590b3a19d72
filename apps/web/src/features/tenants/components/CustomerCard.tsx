import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import type { CustomerQuotaUse, Scope } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { DETAIL_COLUMNS } from '../customer-columns.ts';
import { versionMismatchText } from '../customer-display.ts';
import type { CustomerRowAccess } from '../customers-list.ts';
import { type CustomerActionHandlers, CustomerActionMenu } from './CustomerActions.tsx';
import { CustomerName } from './CustomerName.tsx';
import { QuotaFigures } from './QuotaFigures.tsx';
import { VersionMismatchCount } from './VersionMismatchCount.tsx';

interface CustomerCardProps extends Partial<CustomerActionHandlers> {
  scope: Scope;
  access: CustomerRowAccess;
  onOpen: (scope: Scope) => void;
  /** Root: the customer's quotas and use. */
  quota?: CustomerQuotaUse;
}

/** One customer as a card (below 600 px, and the Admin card's entry on narrow screens), with its menu. */
export function CustomerCard({
  scope,
  access,
  onOpen,
  onEdit,
  onDelete,
  onQuotas,
  quota,
}: CustomerCardProps) {
  const t = useT('tenants');
  const open = access.open ? onOpen : undefined;
  const details = (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        mt: 1,
      }}
    >
      {DETAIL_COLUMNS.map((column) => (
        <Box key={column.sortBy} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`columns.${column.label}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'break-word', minWidth: 0 }}>
            {column.text(scope)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
  return (
    <Card variant="outlined" component="article" aria-label={scope.name}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5 }}>
        <CustomerName scope={scope} onOpen={open} pending={access.pending} />
        {onEdit && onDelete && (
          <CustomerActionMenu
            scope={scope}
            access={access}
            onEdit={onEdit}
            onDelete={onDelete}
            {...(onQuotas ? { onQuotas } : {})}
          />
        )}
      </Stack>
      {quota && (
        <Box sx={{ px: 2, pt: 0.5 }}>
          <QuotaFigures use={quota} />
        </Box>
      )}
      {versionMismatchText(scope) && (
        <Box sx={{ px: 2, pt: 0.5 }}>
          <VersionMismatchCount scope={scope} />
        </Box>
      )}
      {open ? (
        <CardActionArea onClick={() => open(scope)} tabIndex={-1}>
          <CardContent sx={{ pt: 0 }}>{details}</CardContent>
        </CardActionArea>
      ) : (
        <CardContent sx={{ pt: 0 }}>{details}</CardContent>
      )}
    </Card>
  );
}
