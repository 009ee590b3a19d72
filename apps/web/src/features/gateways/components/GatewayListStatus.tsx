import { Alert, Box } from '@mui/material';
import { gatewayListMessages } from '@portal/contract';
import { ProgressStatus } from '../../../components/ProgressStatus.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import type { GatewayView } from '../gateway-view.ts';
import type { PageMode } from './GatewaysToolbar.tsx';
import { NoGatewaysYet } from './NoGatewaysYet.tsx';
import type { GatewayList } from './use-gateway-list.ts';

interface GatewayListStatusProps {
  list: Pick<GatewayList, 'loaded' | 'error' | 'scopeMissing' | 'noGateways' | 'total'>;
  view: GatewayView;
  mode: PageMode;
  scopeId: string;
  emptyText: string;
  canRegister: boolean;
  onRegister: () => void;
  selfService: boolean;
  showSimulator: boolean;
}

/**
 * What the page says instead of (or above) the list: that it is fetched, why it failed, that the scope has no
 * gateway yet (with the way to register one), or that nothing matches (the list view says so in its table).
 */
export function GatewayListStatus({
  list,
  view,
  mode,
  scopeId,
  emptyText,
  canRegister,
  onRegister,
  selfService,
  showSimulator,
}: GatewayListStatusProps) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const { loaded, error, scopeMissing, noGateways, total } = list;
  return (
    <>
      {!loaded && !error && <ProgressStatus text={messageText(gatewayListMessages.fetching)} />}
      {error && (
        <Alert severity="error">
          {messageText(error.message)}
          {scopeMissing && (
            <Box component="span" sx={{ display: 'block' }}>
              {t('chooseCustomer')}
            </Box>
          )}
        </Alert>
      )}
      {noGateways && mode === 'browse' && (
        <NoGatewaysYet
          scopeId={scopeId}
          canRegister={canRegister}
          onRegister={onRegister}
          selfService={selfService}
          showSimulator={showSimulator}
        />
      )}
      {loaded && !noGateways && total === 0 && view === 'grid' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {emptyText}
        </Alert>
      )}
    </>
  );
}
