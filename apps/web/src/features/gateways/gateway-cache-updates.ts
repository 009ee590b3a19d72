import {
  deviceStateMessage,
  deviceStatusMessage,
  type GatewaySummary,
  type LiveGatewayChange,
  live,
  liveGatewayChange,
  liveSamples,
  type TelemetrySample,
} from '@portal/contract';

export interface GatewayLiveTopics {
  graph: string;
  gateways: string;
}

/** A root user hears every scope; anyone else the scope being viewed. Null when there is no scope yet. */
export function gatewayLiveTopics(isRootUser: boolean, scopeId: string): GatewayLiveTopics | null {
  const scope = isRootUser ? '+' : scopeId;
  if (scope === '') return null;
  return { graph: live.graph(scope, '+'), gateways: live.gateways(scope) };
}

/** Applies `update` to the gateway with that MAC; the same list comes back when nothing changed. */
function updateGateway(
  gateways: GatewaySummary[],
  macId: string,
  update: (gateway: GatewaySummary) => GatewaySummary,
): GatewaySummary[] {
  let changed = false;
  const next = gateways.map((gateway) => {
    if (gateway.macId !== macId) return gateway;
    const updated = update(gateway);
    if (updated !== gateway) changed = true;
    return updated;
  });
  return changed ? next : gateways;
}

function newestSample(samples: TelemetrySample[]): TelemetrySample | undefined {
  let newest: TelemetrySample | undefined;
  for (const sample of samples) if (!newest || sample.TI > newest.TI) newest = sample;
  return newest;
}

/**
 * A graph-channel message ({ macId, samples }): the gateway's `latest` becomes its newest sample, unless the
 * list already holds a newer one (a gateway back online sends its backlog). Anything else is ignored.
 */
export function applyGraphMessage(gateways: GatewaySummary[], message: unknown): GatewaySummary[] {
  const parsed = liveSamples.safeParse(message);
  if (!parsed.success) return gateways;
  const newest = newestSample(parsed.data.samples);
  if (!newest) return gateways;
  return updateGateway(gateways, parsed.data.macId, (gateway) =>
    gateway.latest && gateway.latest.TI > newest.TI ? gateway : { ...gateway, latest: newest },
  );
}

function withStatus(gateway: GatewaySummary, change: LiveGatewayChange): GatewaySummary {
  const status = deviceStatusMessage.safeParse(change);
  if (!status.success) return gateway;
  const at = change.TI ?? null;
  return status.data.CS === 1
    ? { ...gateway, deviceStatus: 'online', LONTI: at ?? gateway.LONTI }
    : { ...gateway, deviceStatus: 'offline', LOFFTI: at ?? gateway.LOFFTI };
}

function withState(gateway: GatewaySummary, change: LiveGatewayChange): GatewaySummary {
  const { type: _type, macId: _macId, ...facts } = change;
  const firmware = deviceStateMessage.shape.FW.safeParse(change.FW);
  const osVersion = deviceStateMessage.shape.OS.safeParse(change.OS);
  return {
    ...gateway,
    firmware: (firmware.success ? firmware.data : undefined) ?? gateway.firmware,
    OSversion: (osVersion.success ? osVersion.data : undefined) ?? gateway.OSversion,
    state: { ...gateway.state, ...facts },
  };
}

/**
 * A gateways-channel message: `status` (CS 1 online, 0 offline, at TI) sets deviceStatus and LONTI/LOFFTI;
 * `state` updates firmware, OS version and the reported facts. Events and malformed messages are ignored.
 */
export function applyGatewayChangeMessage(gateways: GatewaySummary[], message: unknown): GatewaySummary[] {
  const parsed = liveGatewayChange.safeParse(message);
  if (!parsed.success) return gateways;
  const change = parsed.data;
  if (change.type === 'status') return updateGateway(gateways, change.macId, (g) => withStatus(g, change));
  if (change.type === 'state') return updateGateway(gateways, change.macId, (g) => withState(g, change));
  return gateways;
}
