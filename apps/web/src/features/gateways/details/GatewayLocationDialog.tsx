import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import {
  AppBar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  IconButton,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { type GatewaySummary, gatewayDetailsMessages } from '@portal/contract';
import { useId } from 'react';
import { useAppDetails } from '../../../lib/app-details.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { hasLocation } from '../card-rules.ts';
import { LocationMap } from './LocationMap.tsx';

interface GatewayLocationDialogProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
}

/** The small dialog of a gateway without LAT and LNG. */
function NoLocationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT('gateways');
  const messageText = useMessageText();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-describedby={textId}
      slotProps={{ paper: { 'aria-label': t('location.label') } }}
    >
      <DialogContent>
        <DialogContentText id={textId}>{messageText(gatewayDetailsMessages.noLocation)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('location.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Gateway Location (spec 001 section 2): a full-screen map with the gateway's marker, tiles from the
 * configured tile source, and a Minimize icon; without a location, 'No Location Data for this Gateway.'.
 */
export function GatewayLocationDialog({ gateway, open, onClose }: GatewayLocationDialogProps) {
  const t = useT('gateways');
  const titleId = useId();
  const appDetails = useAppDetails();
  const location = gateway.LCTN;
  if (!hasLocation(location) || location?.LAT === undefined || location.LNG === undefined) {
    return <NoLocationDialog open={open} onClose={onClose} />;
  }
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="relative" elevation={0}>
        <Toolbar variant="dense">
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('location.title', { name: gateway.name })}
          </Typography>
          <Tooltip title={t('location.minimize')}>
            <IconButton color="inherit" edge="end" aria-label={t('location.minimize')} onClick={onClose}>
              <CloseFullscreenIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Box sx={{ flexGrow: 1, minHeight: 0 }}>
        {open && (
          <LocationMap
            lat={location.LAT}
            lng={location.LNG}
            label={gateway.name}
            tileUrl={appDetails.data?.mapTileUrl || null}
          />
        )}
      </Box>
    </Dialog>
  );
}
