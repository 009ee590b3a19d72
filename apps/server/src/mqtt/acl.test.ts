import { describe, expect, it } from 'vitest';
import {
  type BrowserPrincipal,
  canPublish,
  canSubscribe,
  filterCovers,
  type GatewayPrincipal,
} from './acl.ts';

const gw: GatewayPrincipal = { kind: 'gateway', mac: 'AABBCCDDEEFF', tenantId: 't1' };
const user: BrowserPrincipal = {
  kind: 'browser',
  userId: 'u1',
  sessionIdHash: 's1',
  tenantIds: new Set(['t1', 't2']),
};
const root: BrowserPrincipal = { kind: 'browser', userId: 'r', sessionIdHash: 's2', tenantIds: null };

describe('filterCovers', () => {
  it('matches wildcards the MQTT way', () => {
    expect(filterCovers('a/#', 'a')).toBe(true);
    expect(filterCovers('a/#', 'a/b/c')).toBe(true);
    expect(filterCovers('a/+/c', 'a/x/c')).toBe(true);
    expect(filterCovers('a/+/c', 'a/+/c')).toBe(true);
    expect(filterCovers('a/x/c', 'a/+/c')).toBe(false);
    expect(filterCovers('a/+/c', 'a/#')).toBe(false);
    expect(filterCovers('a/b', 'a/b/c')).toBe(false);
  });
});

describe('gateway ACL', () => {
  it('publishes only its own upstream topics', () => {
    expect(canPublish(gw, 'gateways/AABBCCDDEEFF/send/telemetry')).toBe(true);
    expect(canPublish(gw, 'gateways/t1/onboarding/status/AABBCCDDEEFF')).toBe(true);
    expect(canPublish(gw, 'gateways/112233445566/send/telemetry')).toBe(false);
    expect(canPublish(gw, 'gateways/t2/onboarding/status/AABBCCDDEEFF')).toBe(false);
    expect(canPublish(gw, 'portal/t1/scopes')).toBe(false);
    expect(canPublish(gw, '$SYS/broker/x')).toBe(false);
  });

  it('subscribes only to its own command topics', () => {
    expect(canSubscribe(gw, 'gateways/+/command/AABBCCDDEEFF')).toBe(true);
    expect(canSubscribe(gw, 'gateways/t1/command/AABBCCDDEEFF')).toBe(true);
    expect(canSubscribe(gw, 'gateways/AABBCCDDEEFF/receive/devices/whitelist')).toBe(true);
    expect(canSubscribe(gw, 'gateways/t1/command/112233445566')).toBe(false);
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
  it('sees its tenants only', () => {
    expect(canSubscribe(user, 'portal/t1/scopes')).toBe(true);
    expect(canSubscribe(user, 'portal/t2/#')).toBe(true);
    expect(canSubscribe(user, 'portal/t3/scopes')).toBe(false);
    expect(canSubscribe(user, 'portal/+/scopes')).toBe(false);
    expect(canSubscribe(user, 'gateways/+/send/#')).toBe(false);
    // Onboarding progress comes relayed on portal/{scope}/onboarding/{mac}, never from the device topic.
    expect(canSubscribe(user, 'portal/t1/onboarding/AABBCCDDEEFF')).toBe(true);
    expect(canSubscribe(user, 'gateways/t1/onboarding/status/+')).toBe(false);
    expect(canPublish(user, 'portal/t1/scopes')).toBe(false);
  });

  it('lets root see every tenant but not system or device traffic', () => {
    expect(canSubscribe(root, 'portal/#')).toBe(true);
    expect(canSubscribe(root, 'portal/+/gateways')).toBe(true);
    expect(canSubscribe(root, '#')).toBe(false);
    expect(canSubscribe(root, '$SYS/#')).toBe(false);
    expect(canSubscribe(root, 'gateways/+/send/telemetry')).toBe(false);
  });

  it('denies an unauthenticated client everything', () => {
    expect(canSubscribe(undefined, 'portal/t1/scopes')).toBe(false);
    expect(canPublish(undefined, 'gateways/AABBCCDDEEFF/send/status')).toBe(false);
  });
});
