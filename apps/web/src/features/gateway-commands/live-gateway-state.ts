import { type GatewaySummary, gatewayLiveState } from '@portal/contract';
import type { z } from 'zod';
import type { GatewayMessage } from './use-gateway-live-messages.ts';

export type LiveState = z.infer<typeof gatewayLiveState>;

/** What the status dialog shows of a gateway: connection and the lock engine's live state. */
export interface GatewayLiveView {
  online: boolean;
  liveState: LiveState | null;
}

export const viewOf = (gateway: GatewaySummary): GatewayLiveView => ({
  online: gateway.deviceStatus === 'online',
  liveState: gateway.liveState,
});

/**
 * A gateways-channel message of this gateway: `status` (CS 1 / 0) sets the connection; `state` carries the
 * engine's state (as `state` or `liveState`), merged over what is known. Anything else changes nothing.
 */
export function applyLiveMessage(view: GatewayLiveView, message: GatewayMessage): GatewayLiveView {
  if (message.type === 'status' && (message.CS === 0 || message.CS === 1)) {
    return { ...view, online: message.CS === 1 };
  }
  if (message.type === 'state') {
    const reported = gatewayLiveState.safeParse(message.liveState ?? message.state);
    if (!reported.success) return view;
    // A state report comes from a connected gateway.
    return { online: true, liveState: { ...view.liveState, ...reported.data } };
  }
  return view;
}
