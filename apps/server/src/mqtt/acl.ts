import {
  deviceDown,
  deviceUp,
  FLOW_CONTROL_TOPIC,
  filterCovers,
  liveChannelPermits,
  parseLiveFilter,
} from '@portal/contract';
import type { BrowserPrincipal } from '../lib/principal.ts';

/**
 * The one MQTT access-control module. Every broker hook (authenticate's result, publish, subscribe,
 * will messages) asks it; anything not granted here is denied.
 */
export interface GatewayPrincipal {
  kind: 'gateway';
  mac: string;
  tenantId: string;
}

/** What decides a browser's channels: two principals with the same rights may listen to the same. */
export function browserRights(principal: BrowserPrincipal): string {
  const tenants = principal.tenantIds === null ? '*' : [...principal.tenantIds].sort().join(',');
  const permissions = [...principal.permissions].sort().join(',');
  const { userId, tenantId, freeTierMember, vendorStaff } = principal;
  return [userId, tenantId, tenants, permissions, freeTierMember, vendorStaff].join('|');
}

export type MqttPrincipal = GatewayPrincipal | BrowserPrincipal;

function publishFilters(principal: MqttPrincipal): string[] {
  if (principal.kind === 'gateway') {
    const { mac, tenantId } = principal;
    // The documented upstream topics only (docs/mqtt.md section 2); a response's kind and uid are the inbox's.
    return [
      deviceUp.status(mac),
      deviceUp.state(mac),
      deviceUp.telemetry(mac),
      deviceUp.events(mac),
      deviceUp.scan(mac),
      deviceUp.locks(mac),
      deviceUp.lockEvents(mac),
      deviceUp.agentConfig(mac),
      deviceUp.update(mac),
      deviceUp.pump(mac),
      deviceUp.response(mac, '+', '+'),
      deviceUp.onboardingStatus(tenantId, mac),
    ];
  }
  // Browsers publish nothing: every command goes through an HTTP call (docs/gateway-operations.md).
  return [];
}

function gatewaySubscribeFilters({ mac, tenantId }: GatewayPrincipal): string[] {
  return [
    deviceDown.command('+', mac),
    `gateways/${mac}/receive/#`,
    // Flow control, one retained message for every gateway (docs/mqtt.md 3.9); published by the portal only.
    FLOW_CONTROL_TOPIC,
    deviceDown.onboardingCommand(tenantId, mac),
    deviceDown.onboardingStop(tenantId),
  ];
}

/**
 * Browsers see live channels only (onboarding progress reaches them relayed on live.onboarding): one
 * channel of LIVE_CHANNELS at a time, in a tenant they reach, when they hold its permission. A wildcard
 * over channels (`portal/{t}/#`, `portal/{t}/+`) names no channel and is refused; `+` stands for a gateway
 * or user of one channel, and for the scope only for a user reaching every tenant (root).
 */
function browserMayListen(principal: BrowserPrincipal, filter: string): boolean {
  const parsed = parseLiveFilter(filter);
  if (!parsed) return false;
  const { scopeId } = parsed;
  const reaches = principal.tenantIds === null || (scopeId !== '+' && principal.tenantIds.has(scopeId));
  return reaches && liveChannelPermits(parsed, principal);
}

const isSystemTopic = (topic: string) => topic.startsWith('$');

export function canPublish(principal: MqttPrincipal | undefined, topic: string): boolean {
  if (!principal || isSystemTopic(topic) || /[+#]/.test(topic)) return false;
  return publishFilters(principal).some((allowed) => filterCovers(allowed, topic));
}

/**
 * A gateway's publish that is not granted but lies in its own upstream tree (`gateways/{its mac}/send/...`) is a
 * protocol error, not an intrusion: the broker hands it to the device inbox, which refuses it like a bad payload
 * (counted, logged, acknowledged: docs/mqtt.md section 4). Anything else not granted closes the connection.
 */
export function inOwnUpstreamTree(
  principal: MqttPrincipal | undefined,
  topic: string,
): principal is GatewayPrincipal {
  return (
    principal?.kind === 'gateway' &&
    topic.startsWith(`gateways/${principal.mac}/send/`) &&
    !/[+#]/.test(topic)
  );
}

export function canSubscribe(principal: MqttPrincipal | undefined, filter: string): boolean {
  if (!principal || isSystemTopic(filter)) return false;
  if (principal.kind === 'browser') return browserMayListen(principal, filter);
  return gatewaySubscribeFilters(principal).some((allowed) => filterCovers(allowed, filter));
}

/**
 * The second wall, on delivery: a live message reaches a browser only when its principal (as last
 * resolved) may listen to that very topic. Gateways receive what their subscriptions were allowed.
 */
export function canDeliver(principal: MqttPrincipal | undefined, topic: string): boolean {
  if (!principal) return false;
  if (principal.kind === 'gateway') return true;
  return !isSystemTopic(topic) && !/[+#]/.test(topic) && browserMayListen(principal, topic);
}
