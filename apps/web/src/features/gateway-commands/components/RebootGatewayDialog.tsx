import { commandNotice, type GatewaySummary, gatewayCommandMessages } from '@portal/contract';
import { useNotify } from '../../../lib/use-notify.ts';
import { useRebootGateway } from '../api/reboot-gateway.ts';
import { GatewayActionConfirm } from './GatewayActionConfirm.tsx';

export const REBOOT_DIALOG_TITLE = 'Rebooting Device';

interface RebootGatewayDialogProps {
  gateway: GatewaySummary;
  open: boolean;
  onClose: () => void;
  /** 'Rebooting Device' from the card; the status dialog's Restart may pass 'Restart Gateway' (same RESET). */
  title?: string;
}

/** Confirmation of a reboot (RESET): 'Gateway Restarted ...' once sent; an offline gateway is not asked. */
export function RebootGatewayDialog({
  gateway,
  open,
  onClose,
  title = REBOOT_DIALOG_TITLE,
}: RebootGatewayDialogProps) {
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
      title={title}
      question={`Are you sure you want to reboot ${gateway.name}?`}
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
