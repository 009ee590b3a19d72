import { type GatewaySummary, gatewayLiveState, reportedWhitelistNames } from '@portal/contract';
import type { z } from 'zod';
import type { GatewayMessage } from './use-gateway-live-messages.ts';

export type LiveState = z.infer<typeof gatewayLiveState>;

/** What the status dialog shows of a gateway: connection and the lock engine's live state. */
export interface GatewayLiveView {
  online: boolean;
  liveState: LiveState | null;
  /** The whitelist the gateway last reported by name (docs/mqtt.md 2.2); null when it never did. */
  reportedWhitelist: string[] | null;
}

export const viewOf = (gateway: GatewaySummary): GatewayLiveView => ({
  online: gateway.deviceStatus === 'online',
  liveState: gateway.liveState,
  reportedWhitelist: gateway.reportedWhitelist,
});

/**
 * A gateways-channel message of this gateway: `status` (CS 1 / 0) sets the connection; `state` carries the
 * engine's state (as `state` or `liveState`), merged over what is known, and may carry the gateway's whitelist
 * (`listOfWhiteListedLocks`), which replaces the one known. Anything else changes nothing.
 */
export function applyLiveMessage(view: GatewayLiveView, message: GatewayMessage): GatewayLiveView {
  if (message.type === 'status' && (message.CS === 0 || message.CS === 1)) {
    return { ...view, online: message.CS === 1 };
  }
  if (message.type === 'state') {
    const reported = gatewayLiveState.safeParse(message.liveState ?? message.state);
    const names = reportedWhitelistNames.safeParse(message.listOfWhiteListedLocks);
    if (!reported.success && !names.success) return view;
    // A state report comes from a connected gateway.
    return {
      online: true,
      liveState: reported.success ? { ...view.liveState, ...reported.data } : view.liveState,
      reportedWhitelist: names.success ? names.data : view.reportedWhitelist,
    };
  }
  return view;
}
