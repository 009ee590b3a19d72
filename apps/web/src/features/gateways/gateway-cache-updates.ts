import {
  BULK_UPDATE_MESSAGE_TYPE,
  deviceDeletedMessage,
  deviceMovedMessage,
  deviceStateMessage,
  deviceStatusMessage,
  type GatewaySummary,
  gatewayListMessages,
  gatewayOfflineMessage,
  gatewaysDeletedMessage,
  gatewayUpdatedMessage,
  hotspotLiveMessage,
  LOCK_LIST_MESSAGE_TYPES,
  live,
  liveSamples,
  type TelemetrySample,
} from '@portal/contract';
import { z } from 'zod';
import type { Notice } from '../../lib/use-notify.ts';

export interface GatewayLiveTopics {
  graph: string;
  gateways: string;
  firmwareUpgraded: string;
}

/** A root user hears every scope; anyone else the scope being viewed. Null when there is no scope yet. */
export function gatewayLiveTopics(isRootUser: boolean, scopeId: string): GatewayLiveTopics | null {
  const scope = isRootUser ? '+' : scopeId;
  if (scope === '') return null;
  return {
    graph: live.graph(scope, '+'),
    gateways: live.gateways(scope),
    firmwareUpgraded: live.firmwareUpgraded(scope),
  };
}

type ListUpdate = (gateways: GatewaySummary[]) => GatewaySummary[];

/** Applies `update` to the gateway with that MAC; the same list comes back when nothing changed. */
function updateGateway(macId: string, update: (gateway: GatewaySummary) => GatewaySummary): ListUpdate {
  return (gateways) => {
    let changed = false;
    const next = gateways.map((gateway) => {
      if (gateway.macId !== macId) return gateway;
      const updated = update(gateway);
      if (updated !== gateway) changed = true;
      return updated;
    });
    return changed ? next : gateways;
  };
}

function removeGateways(macIds: readonly string[]): ListUpdate {
  const gone = new Set(macIds);
  return (gateways) => {
    const next = gateways.filter((gateway) => !gone.has(gateway.macId));
    return next.length === gateways.length ? gateways : next;
  };
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
  return updateGateway(parsed.data.macId, (gateway) =>
    gateway.latest && gateway.latest.TI > newest.TI ? gateway : { ...gateway, latest: newest },
  )(gateways);
}

const statusChange = deviceStatusMessage.extend({ type: z.literal('status'), macId: z.string() });
const stateChange = deviceStateMessage.partial().extend({ type: z.literal('state'), macId: z.string() });

function withStatus(change: z.infer<typeof statusChange>): ListUpdate {
  return updateGateway(change.macId, (gateway) => {
    const at = change.TI ?? null;
    return change.CS === 1
      ? { ...gateway, deviceStatus: 'online', LONTI: at ?? gateway.LONTI }
      : { ...gateway, deviceStatus: 'offline', LOFFTI: at ?? gateway.LOFFTI };
  });
}

/** Reported facts go to the card fields they feed; every fact also stays in `state`. */
function withState(raw: Record<string, unknown>, change: z.infer<typeof stateChange>): ListUpdate {
  const { type: _type, macId: _macId, ...facts } = raw;
  return updateGateway(change.macId, (gateway) => ({
    ...gateway,
    firmware: change.FW ?? gateway.firmware,
    OSversion: change.OS ?? gateway.OSversion,
    HS: change.HS ?? gateway.HS,
    HSIPRC: change.HSIPRC ?? gateway.HSIPRC,
    NW: change.NW ?? gateway.NW,
    SS: change.SS ?? gateway.SS,
    CMS: change.CMS ?? gateway.CMS,
    // The server sends the location as the card shows it: reported, under the entered address.
    LCTN: change.LCTN ?? gateway.LCTN,
    liveState: change.state ? { ...gateway.liveState, ...change.state } : gateway.liveState,
    reportedWhitelist: change.listOfWhiteListedLocks ?? gateway.reportedWhitelist,
    state: { ...gateway.state, ...facts },
  }));
}

/** What the page does with a gateways-channel message: change the cached lists, refetch, show a snackbar. */
export interface GatewaysChannelReaction {
  update?: ListUpdate;
  /** Gateways that left the lists: their rows go and the windows they shifted are fetched again. */
  removed?: string[];
  /** A gateway went online or offline: lists filtered or ordered by it are fetched again. */
  statusChanged?: boolean;
  /** Fetch the lists again (quietly unless `notice` says so). */
  refetch?: boolean;
  notice?: Notice;
}

const typed = z.looseObject({ type: z.string() });
const QUIET_TYPES: readonly string[] = ['events', ...LOCK_LIST_MESSAGE_TYPES];

/**
 * Spec 001 section 4 'Live updates on list rows' on `portal/{scope}/gateways`: status and state changes,
 * gatewayOffline (offline, live link dropped), deleteLock and gatewaysDeleted (rows go), a full update
 * (fields replaced), deviceMoved (the row goes, then the windows it shifted are fetched again, since it may
 * have moved within the list's customers), bulkUpdate (refetch), hotspot results (snackbar, HSIPRC 0), the lock messages (nothing a
 * card shows) and anything else: a refetch with 'Refreshing Gateways...'. A malformed known message is ignored.
 */
export function gatewaysChannelReaction(message: unknown): GatewaysChannelReaction {
  const kind = typed.safeParse(message);
  if (!kind.success) return {};
  const { type } = kind.data;
  if (type === 'status') {
    const change = statusChange.safeParse(message);
    return change.success ? { update: withStatus(change.data), statusChanged: true } : {};
  }
  if (type === 'state') {
    const change = stateChange.safeParse(message);
    return change.success ? { update: withState(kind.data, change.data) } : {};
  }
  if (QUIET_TYPES.includes(type)) return {};
  if (type === BULK_UPDATE_MESSAGE_TYPE) return { refetch: true };
  return otherReaction(type, message);
}

function otherReaction(type: string, message: unknown): GatewaysChannelReaction {
  switch (type) {
    case 'gatewayOffline': {
      const parsed = gatewayOfflineMessage.safeParse(message);
      if (!parsed.success) return {};
      const { macId, TI } = parsed.data;
      return {
        update: updateGateway(macId, (gateway) => ({
          ...gateway,
          deviceStatus: 'offline',
          LOFFTI: TI ?? gateway.LOFFTI,
          liveState: null,
        })),
        statusChanged: true,
      };
    }
    case 'deleteLock': {
      const parsed = deviceDeletedMessage.safeParse(message);
      return parsed.success
        ? { update: removeGateways([parsed.data.macId]), removed: [parsed.data.macId] }
        : {};
    }
    case 'gatewaysDeleted': {
      const parsed = gatewaysDeletedMessage.safeParse(message);
      return parsed.success
        ? { update: removeGateways(parsed.data.macIds), removed: parsed.data.macIds }
        : {};
    }
    case 'gatewayUpdated': {
      const parsed = gatewayUpdatedMessage.safeParse(message);
      if (!parsed.success) return {};
      const fields = parsed.data.gateway;
      return { update: updateGateway(fields.macId, (gateway) => ({ ...gateway, ...fields })) };
    }
    case 'deviceMoved': {
      const parsed = deviceMovedMessage.safeParse(message);
      // It may have moved within the list's customers: the windows it shifted are fetched again.
      return parsed.success
        ? { update: removeGateways([parsed.data.macId]), removed: [parsed.data.macId] }
        : {};
    }
    case 'HSIPRCModified':
    case 'HSIPRFAILED': {
      const parsed = hotspotLiveMessage.safeParse(message);
      if (!parsed.success) return {};
      return {
        update: updateGateway(parsed.data.macId, (gateway) => ({ ...gateway, HSIPRC: 0 })),
        notice: { variant: type === 'HSIPRCModified' ? 'success' : 'error', text: parsed.data.message },
      };
    }
    default:
      return { refetch: true, notice: { variant: 'info', text: gatewayListMessages.refreshing } };
  }
}
