import { commandNotice, type GatewayCommandBody, gatewayCommandMessages } from '@portal/contract';
import { useNotify } from '../../lib/use-notify.ts';
import { useSendGatewayCommand } from './api/send-gateway-command.ts';

/**
 * Sends a command and says what happens: 'Gateway is offline...' without asking the server when the gateway
 * is known to be offline (the server refuses it anyway, with the same text), the spec's progress notice when
 * the server sent it, else the server's reason.
 */
export function useGatewayCommand(macId: string, online: boolean) {
  const notify = useNotify();
  const send = useSendGatewayCommand(macId);
  const run = (body: GatewayCommandBody, onSent?: () => void) => {
    if (!online) {
      notify({ variant: 'warning', text: gatewayCommandMessages.offline });
      return;
    }
    send.mutate(body, {
      onSuccess: () => {
        notify({ variant: 'info', text: commandNotice[body.command] });
        onSent?.();
      },
      onError: (error) => notify({ variant: 'error', text: error.message }),
    });
  };
  return { run, pending: send.isPending };
}
