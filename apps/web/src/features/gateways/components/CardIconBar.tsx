import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import FlipOutlined from '@mui/icons-material/FlipOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LocationOffOutlined from '@mui/icons-material/LocationOffOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import NoPhotographyOutlined from '@mui/icons-material/NoPhotographyOutlined';
import OpenInFullOutlined from '@mui/icons-material/OpenInFullOutlined';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import WifiTethering from '@mui/icons-material/WifiTethering';
import WifiTetheringOff from '@mui/icons-material/WifiTetheringOff';
import { Box } from '@mui/material';
import { effectivePermissions, type GatewaySummary } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { hasCamera, hasLocation, hotspotState, locationLabel } from '../card-rules.ts';
import type { GatewayAction } from '../gateway-actions.ts';
import { CardIconButton } from './CardIconButton.tsx';
import { GatewayActionsMenu } from './GatewayActionsMenu.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';

/** While a hotspot change is in progress (HSIPRC 1) its icon blinks. */
const BLINKING = {
  '&.blinking': { animation: 'hotspot-blink 1s step-start infinite' },
  '@keyframes hotspot-blink': { '50%': { opacity: 0.2 } },
};

interface CardIconBarProps {
  gateway: GatewaySummary;
  flipped: boolean;
  onOpen: (action: GatewayAction) => void;
  onFlip: () => void;
}

/**
 * The card's icons (spec 001 section 2): information, network, hotspot, camera, location, maximise, reboot, flip.
 * Switching the hotspot and rebooting need IOT_DEVICE_WRITE: without it the hotspot icon only shows its state
 * and there is no reboot (a refused call would sign the user out).
 */
export function CardIconBar({ gateway, flipped, onOpen, onFlip }: CardIconBarProps) {
  const t = useT('gateways');
  const mayCommand = effectivePermissions(useSession().permissions).has('IOT_DEVICE_WRITE');
  const hotspot = hotspotState(gateway);
  const camera = hasCamera(gateway.CMS);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', ...BLINKING }}>
      <CardIconButton label={t('icons.information')} onClick={() => onOpen('info')}>
        <InfoOutlined fontSize="small" />
      </CardIconButton>
      <NetworkIcon NW={gateway.NW} SS={gateway.SS} />
      <CardIconButton
        label={hotspot.label}
        disabled={!mayCommand}
        onClick={() => onOpen('hotspot')}
        className={hotspot.blinking ? 'blinking' : undefined}
      >
        {hotspot.enabled ? (
          <WifiTethering fontSize="small" color="primary" />
        ) : (
          <WifiTetheringOff fontSize="small" />
        )}
      </CardIconButton>
      <CardIconButton
        label={camera ? t('icons.camera') : t('icons.cameraNotInstalled')}
        disabled={!camera}
        onClick={() => onOpen('camera')}
      >
        {camera ? (
          <CameraAltOutlined fontSize="small" color="primary" />
        ) : (
          <NoPhotographyOutlined fontSize="small" />
        )}
      </CardIconButton>
      <CardIconButton label={locationLabel(gateway.LCTN)} onClick={() => onOpen('location')}>
        {hasLocation(gateway.LCTN) ? (
          <LocationOnOutlined fontSize="small" color="primary" />
        ) : (
          <LocationOffOutlined fontSize="small" />
        )}
      </CardIconButton>
      <CardIconButton
        label={t('icons.maximise')}
        onClick={() => onOpen(flipped ? 'systemGraphs' : 'sensorGraphs')}
      >
        <OpenInFullOutlined fontSize="small" />
      </CardIconButton>
      {mayCommand && (
        <CardIconButton label={t('icons.reboot')} onClick={() => onOpen('reboot')}>
          <RestartAltOutlined fontSize="small" />
        </CardIconButton>
      )}
      <CardIconButton label={t('icons.flip')} onClick={onFlip}>
        <FlipOutlined fontSize="small" />
      </CardIconButton>
      <GatewayActionsMenu onChoose={onOpen} />
    </Box>
  );
}
