import { deviceUp } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { canPublish, type GatewayPrincipal, inOwnUpstreamTree } from './acl.ts';

const gw: GatewayPrincipal = { kind: 'gateway', mac: 'AABBCCDDEEFF', tenantId: 't1' };
const mac = gw.mac;

describe('gateway publishes: the documented topics only (docs/mqtt.md section 2)', () => {
  it('grants each documented upstream topic', () => {
    for (const topic of [
      deviceUp.status(mac),
      deviceUp.state(mac),
      deviceUp.telemetry(mac),
      deviceUp.events(mac),
      deviceUp.scan(mac),
      deviceUp.pump(mac),
      deviceUp.response(mac, 'diagnostics', 'ab12cd34'),
      deviceUp.onboardingStatus('t1', mac),
    ]) {
      expect(canPublish(gw, topic), topic).toBe(true);
    }
  });

  it('grants nothing else under its own tree, which the broker hands to the inbox to refuse and acknowledge', () => {
    for (const topic of [
      `gateways/${mac}/send/firmware`,
      `${deviceUp.telemetry(mac)}/extra`,
      `gateways/${mac}/send/response/diagnostics`,
      `${deviceUp.response(mac, 'diagnostics', 'ab12cd34')}/more`,
      `gateways/${mac}/send/`,
    ]) {
      expect(canPublish(gw, topic), topic).toBe(false);
      expect(inOwnUpstreamTree(gw, topic), topic).toBe(true);
    }
  });

  it("treats another gateway's tree, other trees and wildcards as intrusions", () => {
    for (const topic of [
      deviceUp.telemetry('112233445566'),
      `gateways/${mac}/receive/devices/whitelist`,
      `gateways/${mac}/sendx/telemetry`,
      `gateways/${mac}/send/+`,
      `gateways/${mac}/send/#`,
      'portal/t1/scopes',
    ]) {
      expect(canPublish(gw, topic), topic).toBe(false);
      expect(inOwnUpstreamTree(gw, topic), topic).toBe(false);
    }
    expect(inOwnUpstreamTree(undefined, deviceUp.telemetry(mac))).toBe(false);
  });
});
