import { type GatewayCommandAccepted, gatewayCommandAccepted } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/gateway/{mac}/command {command: 'RESET'}: the gateway reboots (goes offline, comes back). */
export function rebootGateway(macId: string): Promise<GatewayCommandAccepted> {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/command`, {
    method: 'POST',
    body: { command: 'RESET' },
    schema: gatewayCommandAccepted,
  });
}

export function useRebootGateway() {
  return useMutation({ mutationFn: rebootGateway });
}
