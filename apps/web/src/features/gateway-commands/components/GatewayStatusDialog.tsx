import Close from '@mui/icons-material/Close';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { type GatewaySummary, gatewayCommandMessages } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { saveInfoViewed } from '../../../api/save-info-viewed.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { refreshesFeed } from '../activity-feed.ts';
import { applyLiveMessage, viewOf } from '../live-gateway-state.ts';
import { statusDialogAccess } from '../status-access.ts';
import { useGatewayLiveMessages } from '../use-gateway-live-messages.ts';
import { useRefreshNotice } from '../use-refresh-notice.ts';
import { ActivityFeed } from './ActivityFeed.tsx';
import { ForceProbeDialog } from './ForceProbeDialog.tsx';
import { LiveStateFields } from './LiveStateFields.tsx';
import { ScanSettings } from './ScanSettings.tsx';
import { StatusToolbar } from './StatusToolbar.tsx';
import { WhitelistDialog } from './WhitelistDialog.tsx';

type SubDialog = 'whitelist' | 'forceProbe' | null;

interface GatewayStatusDialogProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}

/**
 * Gateway log/status dialog (spec 001 sections 2, 3, 4): commands, the live state, scan frequency and RSSI,
 * whitelist, force probe, ScannedData.csv and, for vendor staff and root users, the Activity Feed.
 */
export function GatewayStatusDialog({ gateway, open, onClose }: GatewayStatusDialogProps) {
  // Mounted only while open, so every opening starts from the gateway as the list has it.
  return open ? <StatusDialog gateway={gateway} onClose={onClose} /> : null;
}

function StatusDialog({ gateway, onClose }: Omit<GatewayStatusDialogProps, 'open'>) {
  const t = useT('gateway-commands');
  const messageText = useMessageText();
  const titleId = useId();
  const session = useSession();
  const access = statusDialogAccess(session);
  const [view, setView] = useState(() => viewOf(gateway));
  const [subDialog, setSubDialog] = useState<SubDialog>(null);
  const [feedRefresh, setFeedRefresh] = useState(0);
  const sayRefreshing = useRefreshNotice(gatewayCommandMessages.refreshingActivityLogs);

  useGatewayLiveMessages(gateway, true, {
    onGatewayChange: (message) => {
      setView((current) => applyLiveMessage(current, message));
      if (access.showActivityFeed && refreshesFeed(message.type)) {
        sayRefreshing();
        setFeedRefresh((count) => count + 1);
      }
    },
  });

  useEffect(() => {
    // A lost activity record must not disturb the dialog.
    saveInfoViewed(gateway.macId, session.user?.email).catch(() => undefined);
  }, [gateway.macId, session.user?.email]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {t('status.title', { name: gateway.name })}
        {!view.online && (
          <Typography component="span" color="error" sx={{ ml: 1 }}>
            {messageText(gatewayCommandMessages.offlineLabel)}
          </Typography>
        )}
      </DialogTitle>
      <IconButton
        aria-label={t('status.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        <StatusToolbar
          macId={gateway.macId}
          online={view.online}
          canWrite={access.canWrite}
          canForceProbe={access.topLevel}
          onWhitelist={() => setSubDialog('whitelist')}
          onForceProbe={() => setSubDialog('forceProbe')}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary">
              {gateway.macId}
            </Typography>
            <LiveStateFields liveState={view.liveState} />
            <ScanSettings
              macId={gateway.macId}
              online={view.online}
              canWrite={access.canWrite}
              showThreshold={access.topLevel}
              liveState={view.liveState}
            />
          </Box>
          {access.showActivityFeed && (
            <>
              <Divider orientation="vertical" flexItem />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <ActivityFeed macId={gateway.macId} liveRefresh={feedRefresh} />
              </Box>
            </>
          )}
        </Stack>
      </DialogContent>
      {subDialog === 'whitelist' && (
        <WhitelistDialog gateway={gateway} view={view} onClose={() => setSubDialog(null)} />
      )}
      {subDialog === 'forceProbe' && (
        <ForceProbeDialog macId={gateway.macId} name={gateway.name} onClose={() => setSubDialog(null)} />
      )}
    </Dialog>
  );
}
