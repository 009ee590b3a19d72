import {
  type GatewayCommandAccepted,
  type GatewayCommandBody,
  gatewayCommandAccepted,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /api/gateway/{mac}/command: SCAN, FORCE-IDLE, REMOVE-BLACKLISTED-LOCKS, RESET, POLLING-INTERVAL,
 * RSSI-VALUE. An offline gateway answers 409 'Gateway is offline...'.
 */
export function sendGatewayCommand(macId: string, body: GatewayCommandBody): Promise<GatewayCommandAccepted> {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/command`, {
    method: 'POST',
    body,
    schema: gatewayCommandAccepted,
  });
}

export function useSendGatewayCommand(macId: string) {
  return useMutation({ mutationFn: (body: GatewayCommandBody) => sendGatewayCommand(macId, body) });
}
