import CloseOutlined from '@mui/icons-material/CloseOutlined';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GatewaySummary } from '@portal/contract';
import { useId } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { LocksList, type LocksListProps } from './LocksList.tsx';

export interface GatewayLocksDialogProps extends Pick<LocksListProps, 'renderLockAction'> {
  gateway: Pick<GatewaySummary, 'macId' | 'name' | 'scopeId'>;
  open: boolean;
  onClose: () => void;
}

/**
 * A gateway's locks (spec 001 section 2), opened from its card or list row: the same props as the gateway
 * dialogs (GatewayDialogProps), so the gateways page can list it among its actions. Full screen on phones.
 */
export function GatewayLocksDialog({ gateway, open, onClose, ...slots }: GatewayLocksDialogProps) {
  const t = useT('locks');
  const close = useT('common')('close');
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('md'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('gatewayDialog.title', { name: gateway.name || gateway.macId })}
      </DialogTitle>
      <IconButton aria-label={close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseOutlined />
      </IconButton>
      <DialogContent>
        <Stack sx={{ pt: 1 }}>
          <LocksList scopeId={gateway.scopeId} gatewayMacId={gateway.macId} {...slots} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
