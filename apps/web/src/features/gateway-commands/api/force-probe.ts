import { forceProbeAccepted } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

/** POST /api/gateway/{mac}/force-probe: the gateway probes these locks of its last scan now. */
export function forceProbe(macId: string, locks: string[]) {
  return apiRequest(`/api/gateway/${encodeURIComponent(macId)}/force-probe`, {
    method: 'POST',
    body: { locks },
    schema: forceProbeAccepted,
  });
}

export function useForceProbe(macId: string) {
  return useMutation({ mutationFn: (locks: string[]) => forceProbe(macId, locks) });
}
