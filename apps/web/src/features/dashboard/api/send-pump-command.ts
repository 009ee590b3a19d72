import { type PumpCommandAccepted, type PumpCommandBody, pumpCommandAccepted } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/**
 * POST /api/gateway/{mac}/pump: on for 1-60 s, or off. An offline gateway answers 409 'Gateway is offline...';
 * the pump's new state comes live from the gateway (portal/{scope}/pump/{mac}).
 */
export function sendPumpCommand(macId: string, body: PumpCommandBody): Promise<PumpCommandAccepted> {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/pump`, {
    method: 'POST',
    body,
    schema: pumpCommandAccepted,
  });
}

export function useSendPumpCommand(macId: string) {
  return useMutation({ mutationFn: (body: PumpCommandBody) => sendPumpCommand(macId, body) });
}
