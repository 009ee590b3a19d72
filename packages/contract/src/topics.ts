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
  onboardingStatus: (scopeId: string, mac: string) => `gateways/${scopeId}/onboarding/status/${mac}`,
} as const;

/** Topics a gateway subscribes to (downstream). */
export const deviceDown = {
  command: (scopeId: string, mac: string) => `gateways/${scopeId}/command/${mac}`,
  whitelist: (mac: string) => `gateways/${mac}/receive/devices/whitelist`,
  forceProbe: (mac: string) => `gateways/${mac}/receive/devices/forceProbe`,
  instruction: (mac: string) => `gateways/${mac}/receive/instruction`,
  onboardingCommand: (scopeId: string, mac: string) => `gateways/${scopeId}/onboarding/command/${mac}`,
  onboardingStop: (scopeId: string) => `gateways/${scopeId}/onboarding/command/stop`,
} as const;

/** Filter the server subscribes to for all device upstream traffic (the kind segment is the 4th level). */
export const DEVICE_UPSTREAM_FILTER = 'gateways/+/send/#';
/** With an external broker, N portal instances share device traffic through this group. */
export const SHARED_GROUP = 'portal';
export const sharedSubscription = (filter: string, group = SHARED_GROUP) => `$share/${group}/${filter}`;

export type UpstreamKind = 'status' | 'state' | 'telemetry' | 'events' | 'response' | 'scan';

/** Parses `gateways/{mac}/send/{kind}[/...]`; null when the topic is not device upstream. */
export function parseUpstreamTopic(
  topic: string,
): { mac: string; kind: UpstreamKind; rest: string[] } | null {
  const parts = topic.split('/');
  if (parts.length < 4 || parts[0] !== 'gateways' || parts[2] !== 'send') return null;
  const kind = parts[3] as UpstreamKind;
  if (!['status', 'state', 'telemetry', 'events', 'response', 'scan'].includes(kind)) return null;
  // Exactly the documented levels: a response names its kind and uid, the other kinds nothing more.
  if (parts.length !== (kind === 'response' ? 6 : 4)) return null;
  return { mac: parts[1]!, kind, rest: parts.slice(4) };
}

/** Browser live-update channels, one tree per scope. */
export const LIVE_ROOT = 'portal';
export const live = {
  scopes: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/scopes`,
  twoFactor: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/two-factor`,
  portalUsers: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/portal-users`,
  portalConfig: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/portal-config`,
  /** Gateway online/offline and state changes of the scope's gateways. */
  gateways: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/gateways`,
  /** New telemetry of one gateway (the graph channel per gateway MAC and tenant). */
  graph: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/graph/${mac}`,
  /** Answers, progress and time-outs of one gateway's instructions (docs/gateway-operations.md). */
  instructions: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/instructions/${mac}`,
  /** Onboarding scan progress of one gateway, relayed from `gateways/{scope}/onboarding/status/{mac}`. */
  onboarding: (scopeId: string, mac: string) => `${LIVE_ROOT}/${scopeId}/onboarding/${mac}`,
  /** A firmware, customer-firmware or OS upgrade finished: gateway pages reload after 1 s. */
  firmwareUpgraded: (scopeId: string) => `${LIVE_ROOT}/${scopeId}/firmware-upgraded`,
} as const;

/** The scope id a live topic belongs to, or null when it is not a live topic. */
export function liveTopicScope(topic: string): string | null {
  const parts = topic.split('/');
  return parts[0] === LIVE_ROOT && parts.length >= 3 && parts[1] ? parts[1] : null;
}

/** MQTT topic-filter match (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

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
