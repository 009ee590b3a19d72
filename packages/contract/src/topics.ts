import type { Permission } from './permissions.ts';

/**
 * MQTT topic builders. Device-side topics are the protocol of docs/mqtt.md; the `gateways/...` names the
 * spec gives are kept verbatim. Browser live-update channels live under `portal/{scopeId}/...`.
 */

/** Topics a gateway publishes (upstream). */
export const deviceUp = {
  status: (mac: string) => `gateways/${mac}/send/status`,
  state: (mac: string) => `gateways/${mac}/send/state`,
  telemetry: (mac: string) => `gateways/${mac}/send/telemetry`,
  events: (mac: string) => `gateways/${mac}/send/events`,
  /** Answer to an instruction (diagnostics, camera, logs...), keyed by the request's 8-character key. */
  response: (mac: string, kind: string, key: string) => `gateways/${mac}/send/response/${kind}/${key}`,
  /** The locks a finished scan heard. */
  scan: (mac: string) => `gateways/${mac}/send/scan`,
  /** The locks the gateway manages: the full inventory, or the ones that changed (docs/mqtt.md 2.6). */
  locks: (mac: string) => `gateways/${mac}/send/locks`,
  /** History entries of the gateway's locks: who opened, refusals, alarms (docs/mqtt.md 2.7). */
  lockEvents: (mac: string) => `gateways/${mac}/send/lock-events`,
  onboardingStatus: (scopeId: string, mac: string) => `gateways/${scopeId}/onboarding/status/${mac}`,
  /** The agent configuration version the gateway applied (docs/mqtt.md 3.7). */
  agentConfig: (mac: string) => `gateways/${mac}/send/agent-config`,
  /** Progress of an update the portal gave (docs/mqtt.md 3.8, docs/rollouts.md). */
  update: (mac: string) => `gateways/${mac}/send/update`,
  /** The demo pump's state and soil readings (docs/mqtt.md 2.8, contract pump.ts). */
  pump: (mac: string) => `gateways/${mac}/send/pump`,
} as const;

/** Topics a gateway subscribes to (downstream). */
export const deviceDown = {
  command: (scopeId: string, mac: string) => `gateways/${scopeId}/command/${mac}`,
  whitelist: (mac: string) => `gateways/${mac}/receive/devices/whitelist`,
  forceProbe: (mac: string) => `gateways/${mac}/receive/devices/forceProbe`,
  instruction: (mac: string) => `gateways/${mac}/receive/instruction`,
  onboardingCommand: (scopeId: string, mac: string) => `gateways/${scopeId}/onboarding/command/${mac}`,
  onboardingStop: (scopeId: string) => `gateways/${scopeId}/onboarding/command/stop`,
  /** The customer's agent configuration, secrets included: only on the gateway's own topic (docs/mqtt.md 3.7). */
  agentConfig: (mac: string) => `gateways/${mac}/receive/agent-config`,
  /** The update instruction: kind, version, size, SHA-256, signed download URL (docs/mqtt.md 3.8). */
  update: (mac: string) => `gateways/${mac}/receive/update`,
  /** Which telemetry messages (by `seq`) the portal stored or refused for good (docs/mqtt.md 2.3). */
  stored: (mac: string) => `gateways/${mac}/receive/stored`,
  /**
   * A slow-down for this gateway alone, the flow-control message of docs/mqtt.md 3.9: its customer is above its
   * messages-per-second quota (docs/quotas.md).
   */
  flowControl: (mac: string) => `gateways/${mac}/receive/flow-control`,
} as const;

/** Filter the server subscribes to for all device upstream traffic (the kind segment is the 4th level). */
export const DEVICE_UPSTREAM_FILTER = 'gateways/+/send/#';
/** With an external broker, N portal instances share device traffic through this group. */
export const SHARED_GROUP = 'portal';
export const sharedSubscription = (filter: string, group = SHARED_GROUP) => `$share/${group}/${filter}`;

export const UPSTREAM_KINDS = [
  'status',
  'state',
  'telemetry',
  'events',
  'response',
  'scan',
  'locks',
  'lock-events',
  'agent-config',
  'update',
  'pump',
] as const;
export type UpstreamKind = (typeof UPSTREAM_KINDS)[number];

/** Parses `gateways/{mac}/send/{kind}[/...]`; null when the topic is not device upstream. */
export function parseUpstreamTopic(
  topic: string,
): { mac: string; kind: UpstreamKind; rest: string[] } | null {
  const parts = topic.split('/');
  if (parts.length < 4 || parts[0] !== 'gateways' || parts[2] !== 'send') return null;
  const kind = parts[3] as UpstreamKind;
  if (!UPSTREAM_KINDS.includes(kind)) return null;
  // Exactly the documented levels: a response names its kind and uid, the other kinds nothing more.
  if (parts.length !== (kind === 'response' ? 6 : 4)) return null;
  return { mac: parts[1]!, kind, rest: parts.slice(4) };
}

/** Browser live-update channels, one tree per scope. */
export const LIVE_ROOT = 'portal';
export const live = {
  scopes: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/scopes`,
  /** Progress of the deletion of a customer below the scope (`deletion` messages of scopesLiveMessage). */
  customerDeletion: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/customer-deletion`,
  /** One user's 2FA switched on or off; `+` for every user of the scope (the users list). */
  twoFactor: (scopeId: string, userId: string) => `${LIVE_ROOT}/${scopeId}/two-factor/${userId}`,
  portalUsers: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/portal-users`,
  portalConfig: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/portal-config`,
  /** Gateway online/offline and state changes of the scope's gateways. */
  gateways: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/gateways`,
  /** New telemetry of one gateway (the graph channel per gateway MAC and tenant). */
  graph: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/graph/${mac}`,
  /** Answers, progress and time-outs of one gateway's instructions (docs/gateway-operations.md), LOGS aside. */
  instructions: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/instructions/${mac}`,
  /** The same for one gateway's device-logs (LOGS) instructions, which only vendor staff and root may see. */
  deviceLogs: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/device-logs/${mac}`,
  /** Onboarding scan progress of one gateway, relayed from `gateways/{scope}/onboarding/status/{mac}`. */
  onboarding: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/onboarding/${mac}`,
  /** A firmware, customer-firmware or OS upgrade finished: gateway pages reload after 1 s. */
  firmwareUpgraded: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/firmware-upgraded`,
  /** The scope's locks: status, data, mode, user mappings, deletions (locksLiveMessage, contract locks.ts). */
  locks: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/locks`,
  /** The scope's lock users: newUser, updateUser, deleteUser (lockUsersLiveMessage, contract lock-users.ts). */
  lockUsers: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/lock-users`,
  /** How one lock/unlock instruction ended (lockResultMessage, contract lock-history.ts); `+` for any uid. */
  lockResults: (scopeId: string, gatewayMac: string, lockMac: string, uid: string) =>
    `${LIVE_ROOT}/${scopeId}/lock-results/${gatewayMac}/${lockMac}/${uid}`,
  /** The scope's alert definitions changed (alertsLiveMessage, contract alerts.ts). */
  alerts: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/alerts`,
  /** The customer's agent configuration: a new version, a gateway's confirmation (agentConfigLiveMessage). */
  agentConfig: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/agent-config`,
  /** One gateway's demo pump: state and soil readings (pumpLiveMessage, contract pump.ts). */
  pump: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/pump/${mac}`,
} as const;

export type LiveChannelName = keyof typeof live;

/** The channel an instruction of `type` is told on: device logs on their own, everything else together. */
export const liveInstructionTopic = (scopeId: string, mac: string, type: string) =>
  type === 'LOGS' ? live.deviceLogs(scopeId, mac) : live.instructions(scopeId, mac);

/**
 * Who may listen on a live channel: the permission its REST twin needs, in the caller's reachable scopes
 * (docs/mqtt.md section 8). Checked by the broker on every SUBSCRIBE and again on every delivery, and by the
 * web app before it subscribes.
 */
export interface LiveChannelRule {
  /** The levels after `portal/{scopeId}/`; `{mac}` and `{userId}` are parameters (`+` allowed there). */
  levels: readonly string[];
  /** What the REST call giving the same data needs (`authenticated`: any signed-in user). */
  permission: Permission | 'authenticated';
  /** A user may always follow its own record (`{userId}` = its id) with this permission instead. */
  own?: Permission;
  /** Vendor staff (STAFF_EMAIL_DOMAINS) and root only, besides the permission, as its REST twin. */
  vendorStaff?: boolean;
  /**
   * Members of the free-tier scope are strangers to each other: in it they may listen only to channels
   * marked true here (no user's data on them), and to their own record of an `own` channel.
   */
  freeTier: boolean;
  /** The REST call(s) showing the same data, and who publishes on the channel. */
  restTwin: string;
  publishers: string;
}

/** One row per builder of `live`: the single table the broker's ACL and the web app both read. */
export const LIVE_CHANNELS: Readonly<Record<LiveChannelName, LiveChannelRule>> = {
  scopes: {
    levels: ['scopes'],
    permission: 'HIERARCHY_READ',
    freeTier: true,
    restTwin: 'GET /api/hirarchy, GET /api/scope/{id}',
    publishers: 'customers (scopeCreated, scopeUpdated)',
  },
  customerDeletion: {
    levels: ['customer-deletion'],
    permission: 'SCOPE_READ',
    freeTier: false,
    restTwin: 'GET /api/customers/{id}/deletion',
    publishers: 'customer deletion (running, done, failed per step; to the root and the parent scope)',
  },
  twoFactor: {
    levels: ['two-factor', '{userId}'],
    permission: 'PORTAL_USER_READ',
    own: 'PORTAL_USER_DETAILS',
    freeTier: false,
    restTwin: 'GET /api/getPortalUsers/portalUsers (any user), GET /api/user-details (own)',
    publishers: 'auth (2FA enabled, disabled, reset)',
  },
  portalUsers: {
    levels: ['portal-users'],
    permission: 'PORTAL_USER_READ',
    freeTier: false,
    restTwin: 'GET /api/getPortalUsers/portalUsers',
    publishers: 'portal users (newUser, updateUser, deleteUser; sign-up)',
  },
  portalConfig: {
    levels: ['portal-config'],
    permission: 'authenticated',
    freeTier: true,
    restTwin: 'GET /api/iotdevices/configurations',
    publishers: 'portal config (graph options)',
  },
  gateways: {
    levels: ['gateways'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin: 'GET /api/gateway/get-gateways, GET /api/device/events/...',
    publishers: 'gateways (status, state), telemetry (events), hotspot, gateway registry (moved, deleted)',
  },
  graph: {
    levels: ['graph', '{mac}'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin: 'GET /api/device/{kind}/macId/{mac}/fromTime/...',
    publishers: 'telemetry (new samples)',
  },
  instructions: {
    levels: ['instructions', '{mac}'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin: 'POST /api/instruction, PUT /api/update-instruction (viewing instructions)',
    publishers: 'instruction outcomes (answers, progress, time-outs), LOGS aside',
  },
  deviceLogs: {
    levels: ['device-logs', '{mac}'],
    permission: 'IOT_DEVICE_READ',
    vendorStaff: true,
    freeTier: false,
    restTwin: 'POST /api/instruction of type LOGS, GET of the saved logs (vendor staff and root)',
    publishers: 'instruction outcomes of LOGS (upload progress, the saved file, time-outs)',
  },
  onboarding: {
    levels: ['onboarding', '{mac}'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin: 'GET /api/gateway/{mac}/last-scan, GET /api/gateway/{mac}/scanned-locks',
    publishers: 'onboarding (scan progress relayed from the gateway)',
  },
  firmwareUpgraded: {
    levels: ['firmware-upgraded'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin: 'GET /api/gateway/get-gateways',
    publishers: 'none yet (firmware upgrades); gateway pages listen',
  },
  locks: {
    levels: ['locks'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin: 'GET /api/iot-service/get-all-locks, GET /api/iot-service/get-all-locks-users',
    publishers: 'locks (lockStatus, lockData, deleteLock, bulkUpdate, lockMode, gatewayOffline); userMapping',
  },
  lockUsers: {
    levels: ['lock-users'],
    permission: 'IOT_USER_READ',
    freeTier: false,
    restTwin: 'GET /api/iotusers/all',
    publishers: 'lock users (newUser, updateUser, deleteUser, bulkUpdate)',
  },
  lockResults: {
    levels: ['lock-results', '{mac}', '{lockMac}', '{uid}'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin:
      'PUT /api/generic/create-instruction (LOCK_DEVICE_LOCK_UNLOCK), GET /api/iot-service/get-all-locks',
    publishers:
      'locks (the end of a lock/unlock instruction: SUCCESS with the status, FAILED with the reason, ABORTED)',
  },
  alerts: {
    levels: ['alerts'],
    permission: 'ALERTS_READ',
    freeTier: false,
    restTwin: 'GET /api/alerts/all, GET /api/sensor-alerts/all',
    publishers: 'alerts (alertRules: a lock or sensor alert created, updated or deleted)',
  },
  agentConfig: {
    levels: ['agent-config'],
    permission: 'ALERTS_READ',
    freeTier: false,
    restTwin: 'GET /api/agentConfig/getConfigData/sid/{sid}, GET /api/agentConfig/delivery/sid/{sid}',
    publishers:
      'agent config (version: a new version; confirmed: a gateway applied or refused one); never a secret',
  },
  pump: {
    levels: ['pump', '{mac}'],
    permission: 'IOT_DEVICE_READ',
    freeTier: false,
    restTwin: 'GET /api/dashboards/pump?scopeId=',
    publishers: "pump (a gateway's pump state and soil readings, relayed from gateways/{mac}/send/pump)",
  },
};

/** Who asks to listen: effective permissions, own id, and whether it is a member of the free-tier scope. */
export interface LiveListenerRights {
  userId: string;
  /** Effective permissions (`effectivePermissions`). */
  permissions: ReadonlySet<string>;
  /** A member of the free-tier scope (its own tenant is the free-tier one, and not a root user). */
  freeTierMember: boolean;
  /** Vendor staff (an e-mail of STAFF_EMAIL_DOMAINS) or a root user. */
  vendorStaff: boolean;
}

/** A live filter parsed against the table: its channel, scope level and parameter values (maybe `+`). */
export interface LiveFilter {
  channel: LiveChannelName;
  rule: LiveChannelRule;
  scopeId: string;
  params: Readonly<Record<string, string>>;
}

/**
 * The channel a filter names exactly: `portal/{scopeId}/{levels}` with `+` only at the scope or a parameter
 * level. Anything else (`#`, a wildcard over channel names, an unknown channel) is null: no channel.
 */
export function parseLiveFilter(filter: string): LiveFilter | null {
  const parts = filter.split('/');
  if (parts[0] !== LIVE_ROOT || parts.length < 3 || parts.includes('#')) return null;
  const [, scopeId, ...rest] = parts as [string, string, ...string[]];
  if (!scopeId) return null;
  for (const [channel, rule] of Object.entries(LIVE_CHANNELS) as [LiveChannelName, LiveChannelRule][]) {
    if (rule.levels.length !== rest.length) continue;
    const params: Record<string, string> = {};
    const matches = rule.levels.every((level, i) => {
      const value = rest[i]!;
      if (level.startsWith('{')) {
        params[level.slice(1, -1)] = value;
        return value !== '';
      }
      return value === level;
    });
    if (matches) return { channel, rule, scopeId, params };
  }
  return null;
}

/**
 * Whether the table lets this listener follow the parsed filter. Tenant reach is the server's part: it also
 * checks that the scope is one the user reaches (a free-tier member reaches the free-tier scope only).
 */
export function liveChannelPermits(parsed: LiveFilter, listener: LiveListenerRights): boolean {
  const { rule, params } = parsed;
  if (rule.vendorStaff && !listener.vendorStaff) return false;
  const ownRecord = rule.own !== undefined && params.userId === listener.userId;
  if (listener.freeTierMember && !rule.freeTier) return ownRecord && listener.permissions.has(rule.own!);
  if (rule.permission === 'authenticated' || listener.permissions.has(rule.permission)) return true;
  return ownRecord && listener.permissions.has(rule.own!);
}

/** The scope id a live topic belongs to, or null when it is not a live topic. */
export function liveTopicScope(topic: string): string | null {
  const parts = topic.split('/');
  return parts[0] === LIVE_ROOT && parts.length >= 3 && parts[1] ? parts[1] : null;
}

/**
 * MQTT topic-filter matching (MQTT 3.1.1 and 5.0, section 4.7), the one implementation the portal, the web
 * app and the simulator use: `+` is exactly one level (an empty one too), `#` this level and every one below,
 * so `a/#` also matches `a`; a filter whose first level is a wildcard never matches a topic starting with `$`
 * (`$SYS/...`). `requested` may itself be a filter: then true when every topic it can match is also matched by
 * `filter` (the broker ACL's question: `a/+/c` covers `a/+/c`, not `a/#`). A topic name is the case without
 * wildcards.
 */
export function filterCovers(filter: string, requested: string): boolean {
  const f = filter.split('/');
  const r = requested.split('/');
  if (r[0]?.startsWith('$') && (f[0] === '+' || f[0] === '#')) return false;
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= r.length || r[i] === '#') return false;
    if (f[i] !== '+' && f[i] !== r[i]) return false;
  }
  return f.length === r.length;
}

/** Whether the topic name `topic` (no wildcards) matches the filter `filter` (`+`, `#`; see filterCovers). */
export const topicMatches = (filter: string, topic: string): boolean => filterCovers(filter, topic);

/** Parses `gateways/{scopeId}/onboarding/status/{mac}`; null when the topic is not an onboarding status. */
export function parseOnboardingStatusTopic(topic: string): { scopeId: string; mac: string } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== 'gateways' || parts[2] !== 'onboarding' || parts[3] !== 'status')
    return null;
  return parts[1] && parts[4] ? { scopeId: parts[1], mac: parts[4] } : null;
}

/** The MAC of a topic a gateway publishes (upstream or onboarding status); null for any other topic. */
export function deviceTopicMac(topic: string): string | null {
  return parseUpstreamTopic(topic)?.mac ?? parseOnboardingStatusTopic(topic)?.mac ?? null;
}
