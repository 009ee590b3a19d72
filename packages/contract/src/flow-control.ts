/**
 * Flow control (docs/mqtt.md 3.9): the portal asks every gateway to slow down when it falls behind the
 * external broker, and lifts it when it has caught up. One message on a broadcast topic, repeated every
 * probe period while it stands (not retained).
 */
export const FLOW_CONTROL_TOPIC = 'gateways/flow-control';

export interface FlowControlMessage {
  /** `slow`: publish at most `maxMessagesPerSecond` upstream messages a second; `normal`: no limit. */
  state: 'slow' | 'normal';
  /** Per gateway, whole messages a second (at least 0.1); null when `state` is `normal`. */
  maxMessagesPerSecond: number | null;
  /** Seconds the instruction holds after it was received unless a newer one arrives; then back to normal. */
  validForSeconds: number;
  /** The portal's wait behind the broker when it decided (ms); informative. */
  lagMs: number;
}

/** A flow-control payload as a gateway should read it: anything unreadable is null (ignored). */
export function parseFlowControl(text: string): FlowControlMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { state, maxMessagesPerSecond, validForSeconds, lagMs } = value as Record<string, unknown>;
  if (state !== 'slow' && state !== 'normal') return null;
  if (typeof validForSeconds !== 'number' || !(validForSeconds > 0)) return null;
  if (state === 'slow' && (typeof maxMessagesPerSecond !== 'number' || !(maxMessagesPerSecond > 0)))
    return null;
  return {
    state,
    maxMessagesPerSecond: state === 'slow' ? (maxMessagesPerSecond as number) : null,
    validForSeconds,
    lagMs: typeof lagMs === 'number' ? lagMs : 0,
  };
}
