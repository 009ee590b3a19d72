import WarningAmber from '@mui/icons-material/WarningAmber';
import { Chip } from '@mui/material';
import type { Scope } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { versionMismatchText } from '../customer-display.ts';

/**
 * A warning chip on a customer's row: how many gateways of its subtree report a firmware, OS or customer app
 * version other than the one assigned to them ('2 gateways differ from assigned'); nothing when none do.
 */
export function VersionMismatchCount({ scope }: { scope: Pick<Scope, 'versionMismatchCount'> }) {
  useT('tenants'); // drawn again in the language chosen
  const text = versionMismatchText(scope);
  if (!text) return null;
  return (
    <Chip
      role="note"
      aria-label={text}
      size="small"
      color="warning"
      variant="outlined"
      icon={<WarningAmber />}
      label={text}
      sx={{ height: 20, '& .MuiChip-label': { px: 0.75, fontSize: 11 } }}
    />
  );
}
