import {
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  LIVE_CHANNELS,
  type LiveChannelName,
  type LiveChannelRule,
  live,
  liveInstructionTopic,
  PERMISSIONS,
  SIGN_UP_PERMISSIONS,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { BrowserPrincipal } from '../lib/principal.ts';
import { canDeliver, canPublish, canSubscribe, type GatewayPrincipal } from './acl.ts';

const gw: GatewayPrincipal = { kind: 'gateway', mac: 'AABBCCDDEEFF', tenantId: 't1' };
const everything = new Set<string>(PERMISSIONS);
const user: BrowserPrincipal = {
  kind: 'browser',
  userId: 'u1',
  sessionIdHash: 's1',
  tenantId: 't1',
  tenantIds: new Set(['t1', 't2']),
  permissions: effectivePermissions(SIGN_UP_PERMISSIONS),
  freeTierMember: false,
  vendorStaff: false,
};
const root: BrowserPrincipal = {
  kind: 'browser',
  userId: 'r',
  sessionIdHash: 's2',
  tenantId: 'root',
  tenantIds: null,
  permissions: everything,
  freeTierMember: false,
  vendorStaff: true,
};
/** A user holding only the defaults every user has. */
const bare: BrowserPrincipal = { ...user, userId: 'u2', permissions: new Set(DEFAULT_PERMISSIONS) };
/** A self-service sign-up in the free-tier scope (it holds PORTAL_USER_READ and IOT_DEVICE_READ). */
const stranger: BrowserPrincipal = {
  ...user,
  userId: 'f1',
  tenantId: 'free',
  tenantIds: new Set(['free']),
  freeTierMember: true,
};

/** One topic of every live channel of scope `t`, a user's record being `userId`'s. */
const channelTopics = (t: string, userId: string): Record<LiveChannelName, string> => ({
  scopes: live.scopes(t),
  customerDeletion: live.customerDeletion(t),
  twoFactor: live.twoFactor(t, userId),
  portalUsers: live.portalUsers(t),
  portalConfig: live.portalConfig(t),
  gateways: live.gateways(t),
  graph: live.graph(t, 'AABBCCDDEEFF'),
  instructions: live.instructions(t, 'AABBCCDDEEFF'),
  deviceLogs: live.deviceLogs(t, 'AABBCCDDEEFF'),
  onboarding: live.onboarding(t, 'AABBCCDDEEFF'),
  firmwareUpgraded: live.firmwareUpgraded(t),
  locks: live.locks(t),
  lockUsers: live.lockUsers(t),
  lockResults: live.lockResults(t, 'AABBCCDDEEFF', 'A4C138F00A01', 'ab12cd34'),
  alerts: live.alerts(t),
  agentConfig: live.agentConfig(t),
  pump: live.pump(t, 'AABBCCDDEEFF'),
});

describe('gateway ACL', () => {
  it('publishes only its own upstream topics', () => {
    expect(canPublish(gw, 'gateways/AABBCCDDEEFF/send/telemetry')).toBe(true);
    expect(canPublish(gw, 'gateways/t1/onboarding/status/AABBCCDDEEFF')).toBe(true);
    expect(canPublish(gw, 'gateways/112233445566/send/telemetry')).toBe(false);
    expect(canPublish(gw, 'gateways/AABBCCDDEEFF/send/locks')).toBe(true);
    expect(canPublish(gw, 'gateways/AABBCCDDEEFF/send/lock-events')).toBe(true);
    expect(canPublish(gw, 'gateways/112233445566/send/locks')).toBe(false);
    expect(canPublish(gw, 'gateways/AABBCCDDEEFF/send/agent-config')).toBe(true);
    expect(canPublish(gw, 'gateways/112233445566/send/agent-config')).toBe(false);
    expect(canPublish(gw, 'gateways/AABBCCDDEEFF/send/locks/extra')).toBe(false);
    expect(canPublish(gw, 'gateways/t2/onboarding/status/AABBCCDDEEFF')).toBe(false);
    expect(canPublish(gw, 'portal/t1/scopes')).toBe(false);
    expect(canPublish(gw, '$SYS/broker/x')).toBe(false);
  });

  it('subscribes only to its own command topics', () => {
    expect(canSubscribe(gw, 'gateways/+/command/AABBCCDDEEFF')).toBe(true);
    expect(canSubscribe(gw, 'gateways/t1/command/AABBCCDDEEFF')).toBe(true);
    expect(canSubscribe(gw, 'gateways/AABBCCDDEEFF/receive/devices/whitelist')).toBe(true);
    expect(canSubscribe(gw, 'gateways/t1/command/112233445566')).toBe(false);
    expect(canSubscribe(gw, 'gateways/AABBCCDDEEFF/receive/agent-config')).toBe(true);
    expect(canSubscribe(gw, 'gateways/112233445566/receive/agent-config')).toBe(false);
    expect(canSubscribe(gw, 'gateways/+/receive/agent-config')).toBe(false);
    expect(canSubscribe(gw, 'gateways/+/command/+')).toBe(false);
    expect(canSubscribe(gw, '#')).toBe(false);
    expect(canSubscribe(gw, '$SYS/#')).toBe(false);
  });

  it('subscribes to the onboarding commands of its own customer only', () => {
    expect(canSubscribe(gw, 'gateways/t1/onboarding/command/AABBCCDDEEFF')).toBe(true);
    expect(canSubscribe(gw, 'gateways/t1/onboarding/command/stop')).toBe(true);
    expect(canSubscribe(gw, 'gateways/t2/onboarding/command/stop')).toBe(false);
    expect(canSubscribe(gw, 'gateways/t1/onboarding/command/112233445566')).toBe(false);
    expect(canSubscribe(gw, 'gateways/t1/onboarding/status/+')).toBe(false);
  });
});

describe('browser ACL', () => {
  it('sees its tenants only, one channel at a time', () => {
    expect(canSubscribe(user, 'portal/t1/scopes')).toBe(true);
    expect(canSubscribe(user, live.gateways('t2'))).toBe(true);
    expect(canSubscribe(user, 'portal/t3/scopes')).toBe(false);
    expect(canSubscribe(user, 'portal/+/scopes')).toBe(false);
    expect(canSubscribe(user, 'gateways/+/send/#')).toBe(false);
    // Onboarding progress comes relayed on portal/{scope}/onboarding/{mac}, never from the device topic.
    expect(canSubscribe(user, 'portal/t1/onboarding/AABBCCDDEEFF')).toBe(true);
    expect(canSubscribe(user, 'gateways/t1/onboarding/status/+')).toBe(false);
    expect(canPublish(user, 'portal/t1/scopes')).toBe(false);
  });

  it('refuses wildcards over channels and unknown channels; + only for a gateway or user of one channel', () => {
    for (const filter of [
      'portal/t1/#',
      'portal/t1/+',
      'portal/t1/+/AABBCCDDEEFF',
      'portal/#',
      'portal/t1/x',
    ])
      expect(canSubscribe(user, filter), filter).toBe(false);
    expect(canSubscribe(user, live.graph('t1', '+'))).toBe(true);
    expect(canSubscribe(user, live.twoFactor('t1', '+'))).toBe(true);
    expect(canSubscribe(user, 'portal/t1/graph/AABBCCDDEEFF/x')).toBe(false);
    expect(canSubscribe(root, 'portal/#')).toBe(false);
    expect(canSubscribe(root, 'portal/t1/+')).toBe(false);
  });

  it('ties every live channel to the permission of its REST twin (LIVE_CHANNELS)', () => {
    for (const [channel, rule] of Object.entries(LIVE_CHANNELS) as [LiveChannelName, LiveChannelRule][]) {
      const topic = channelTopics('t1', 'someone-else')[channel];
      const holder = {
        ...bare,
        permissions: new Set([...DEFAULT_PERMISSIONS, rule.permission]),
        vendorStaff: rule.vendorStaff === true,
      };
      const lacking = new Set(PERMISSIONS.filter((code) => code !== rule.permission));
      expect(canSubscribe(holder, topic), `${channel} with ${rule.permission}`).toBe(true);
      expect(canDeliver(holder, topic), `${channel} delivered with ${rule.permission}`).toBe(true);
      if (rule.permission === 'authenticated') continue;
      const without = { ...bare, permissions: lacking };
      expect(canSubscribe(without, topic), `${channel} without ${rule.permission}`).toBe(false);
      expect(canDeliver(without, topic), `${channel} delivered without ${rule.permission}`).toBe(false);
    }
    expect(LIVE_CHANNELS.portalUsers.permission).toBe('PORTAL_USER_READ');
    // Device logs: IOT_DEVICE_READ and vendor staff (or root), as requesting and fetching them over REST.
    expect(canSubscribe(user, live.deviceLogs('t1', 'AABBCCDDEEFF'))).toBe(false);
    expect(canSubscribe({ ...user, vendorStaff: true }, live.deviceLogs('t1', 'AABBCCDDEEFF'))).toBe(true);
    expect(canDeliver(user, live.deviceLogs('t1', 'AABBCCDDEEFF'))).toBe(false);
    expect(liveInstructionTopic('t1', 'AABBCCDDEEFF', 'LOGS')).toBe(live.deviceLogs('t1', 'AABBCCDDEEFF'));
    expect(liveInstructionTopic('t1', 'AABBCCDDEEFF', 'CAMERA_CAPTURE')).toBe(
      live.instructions('t1', 'AABBCCDDEEFF'),
    );
    expect(LIVE_CHANNELS.graph.permission).toBe('IOT_DEVICE_READ');
  });

  it("lets a user follow its own two-factor record with the defaults, and everyone's only with PORTAL_USER_READ", () => {
    expect(canSubscribe(bare, live.twoFactor('t1', 'u2'))).toBe(true);
    expect(canSubscribe(bare, live.twoFactor('t1', 'u1'))).toBe(false);
    expect(canSubscribe(bare, live.twoFactor('t1', '+'))).toBe(false);
    expect(canDeliver(bare, live.twoFactor('t1', 'u1'))).toBe(false);
    expect(canSubscribe(user, live.twoFactor('t1', 'u2'))).toBe(true);
  });

  it('keeps free-tier users strangers: in their scope only shared channels and their own record', () => {
    const topics = channelTopics('free', 'f2');
    for (const [channel, topic] of Object.entries(topics) as [LiveChannelName, string][])
      expect(canSubscribe(stranger, topic), channel).toBe(LIVE_CHANNELS[channel].freeTier);
    expect(canSubscribe(stranger, live.portalUsers('free'))).toBe(false);
    expect(canSubscribe(stranger, live.twoFactor('free', '+'))).toBe(false);
    expect(canSubscribe(stranger, live.twoFactor('free', 'f1'))).toBe(true);
    expect(canDeliver(stranger, live.twoFactor('free', 'f2'))).toBe(false);
    // Root, and users of tenants above it, still see the free-tier scope as REST shows it.
    expect(canSubscribe(root, live.portalUsers('free'))).toBe(true);
  });

  it('lets root see every tenant but not system or device traffic', () => {
    expect(canSubscribe(root, 'portal/+/gateways')).toBe(true);
    expect(canSubscribe(root, live.portalUsers('anywhere'))).toBe(true);
    expect(canSubscribe(root, '#')).toBe(false);
    expect(canSubscribe(root, '$SYS/#')).toBe(false);
    expect(canSubscribe(root, 'gateways/+/send/telemetry')).toBe(false);
    expect(canDeliver(root, '$SYS/broker/uptime')).toBe(false);
  });

  it('denies an unauthenticated client everything', () => {
    expect(canSubscribe(undefined, 'portal/t1/scopes')).toBe(false);
    expect(canDeliver(undefined, 'portal/t1/scopes')).toBe(false);
    expect(canPublish(undefined, 'gateways/AABBCCDDEEFF/send/status')).toBe(false);
  });
});
