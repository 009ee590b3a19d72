import { commandNotice, type GatewaySummary, gatewayCommandMessages } from '@portal/contract';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useRebootGateway } from '../api/reboot-gateway.ts';
import { GatewayActionConfirm } from './GatewayActionConfirm.tsx';

interface RebootGatewayDialogProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
  /** 'Rebooting Device' (the default) from the card; the status dialog's Restart may pass another (same RESET). */
  title?: string;
}

/** Confirmation of a reboot (RESET): 'Gateway Restarted ...' once sent; an offline gateway is not asked. */
export function RebootGatewayDialog({ gateway, open, onClose, title }: RebootGatewayDialogProps) {
  const t = useT('gateway-commands');
  const reboot = useRebootGateway();
  const notify = useNotify();
  if (!open) return null;
  const close = () => {
    reboot.reset();
    onClose();
  };
  const offline = gateway.deviceStatus !== 'online' && !reboot.isPending;
  return (
    <GatewayActionConfirm
      title={title ?? t('confirm.rebootTitle')}
      question={t('confirm.rebootQuestion', { name: gateway.name })}
      blocked={offline ? gatewayCommandMessages.offline : null}
      error={reboot.error?.message ?? null}
      pending={reboot.isPending}
      onConfirm={() =>
        reboot.mutate(gateway.macId, {
          onSuccess: () => {
            notify({ variant: 'info', text: commandNotice.RESET });
            close();
          },
        })
      }
      onClose={close}
    />
  );
}
