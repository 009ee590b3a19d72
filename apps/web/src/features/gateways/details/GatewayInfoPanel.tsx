import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, IconButton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { effectivePermissions, type GatewaySummary } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { saveInfoViewed } from '../../../api/save-info-viewed.ts';
import { SidePanel } from '../../../components/SidePanel.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { canRequestDeviceLogs, DeviceLogsRequest } from '../../instructions/index.ts';
import { ChangeCustomerForm } from './ChangeCustomerForm.tsx';
import { GatewayConfigurationForm } from './GatewayConfigurationForm.tsx';

type PanelTab = 'info' | 'changeCustomer';

interface GatewayInfoPanelProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}

function PanelContent({ gateway }: { gateway: GatewaySummary }) {
  const t = useT('gateways');
  const session = useSession();
  const [tab, setTab] = useState<PanelTab>('info');
  const canEdit = effectivePermissions(session.permissions).has('IOT_DEVICE_WRITE');
  const unregistered = gateway.REG === 0;
  const shownTab = unregistered ? tab : 'info';
  const showLogs = canRequestDeviceLogs(
    { isRootUser: session.isRootUser, vendorStaff: session.vendorStaff },
    gateway,
  );

  // Opening the panel is recorded as the user activity infoViewed; a failure to record it changes nothing here.
  const email = session.user?.email;
  useEffect(() => {
    saveInfoViewed(gateway.macId, email).catch(() => undefined);
  }, [gateway.macId, email]);

  return (
    <>
      <Tabs value={shownTab} onChange={(_, next: PanelTab) => setTab(next)} aria-label={t('info.tabs')}>
        <Tab value="info" label={t('info.info')} />
        {unregistered && <Tab value="changeCustomer" label={t('info.changeCustomer')} />}
      </Tabs>
      <Box
        role="tabpanel"
        aria-label={shownTab === 'info' ? t('info.info') : t('info.changeCustomer')}
        sx={{ p: 3 }}
      >
        {shownTab === 'info' ? (
          <Stack spacing={3}>
            <GatewayConfigurationForm gateway={gateway} canEdit={canEdit} />
            {showLogs && (
              <>
                <Divider />
                <DeviceLogsRequest gateway={gateway} />
              </>
            )}
          </Stack>
        ) : (
          <ChangeCustomerForm gateway={gateway} canEdit={canEdit} />
        )}
      </Box>
    </>
  );
}

/**
 * Gateway Information side panel (spec 001 section 2): tabs Info (Gateway Configuration, device logs) and
 * Change Customer (unregistered gateways only). Users without IOT_DEVICE_WRITE get it read-only.
 */
export function GatewayInfoPanel({ gateway, open, onClose }: GatewayInfoPanelProps) {
  const t = useT('gateways');
  const titleId = useId();
  return (
    <SidePanel open={open} onClose={onClose} titleId={titleId} width={480}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 3, pt: 2 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('info.title')}
        </Typography>
        <IconButton aria-label={t('info.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3 }}>
        {gateway.name}
      </Typography>
      {open && <PanelContent key={gateway.macId} gateway={gateway} />}
    </SidePanel>
  );
}
