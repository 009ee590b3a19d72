import { type GatewaySummary, live } from '@portal/contract';
import { z } from 'zod';
import { useLiveTopic } from '../../lib/mqtt.ts';

/** Any message about one gateway on the gateways channel (status, state, events, user mappings, ...). */
const gatewayMessage = z.looseObject({ type: z.string(), macId: z.string() });
export type GatewayMessage = z.infer<typeof gatewayMessage>;

export interface GatewayLiveHandlers {
  /** A status, state, events (or other device) message of this gateway on the gateways channel. */
  onGatewayChange?: (change: GatewayMessage) => void;
  /** Any message on the gateway's instructions channel (answers, progress, time-outs, aborts). */
  onInstruction?: (message: unknown) => void;
}

/**
 * Listens, while `enabled`, to the live channels of one gateway: its scope's gateways channel (only this
 * gateway's messages are passed on) and its instructions channel. The gateway's scope is its live scope, for
 * root users too.
 */
export function useGatewayLiveMessages(
  gateway: Pick<GatewaySummary, 'scopeId' | 'macId'>,
  enabled: boolean,
  handlers: GatewayLiveHandlers,
): void {
  const scope = enabled ? gateway.scopeId : '';
  useLiveTopic(scope && handlers.onGatewayChange ? live.gateways(scope) : null, (message) => {
    const change = gatewayMessage.safeParse(message);
    if (change.success && change.data.macId === gateway.macId) handlers.onGatewayChange?.(change.data);
  });
  useLiveTopic(scope && handlers.onInstruction ? live.instructions(scope, gateway.macId) : null, (message) =>
    handlers.onInstruction?.(message),
  );
  // Device logs are told apart (vendor staff and root only; useLiveTopic leaves it out for others).
  useLiveTopic(scope && handlers.onInstruction ? live.deviceLogs(scope, gateway.macId) : null, (message) =>
    handlers.onInstruction?.(message),
  );
}
