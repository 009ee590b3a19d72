import type { GatewaySummary } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { applyGatewayChangeMessage, applyGraphMessage, gatewayLiveTopics } from './gateway-cache-updates.ts';

const T0 = 1_750_000_000_000;
const MAC_A = 'AABBCCDDEE01';
const MAC_B = 'AABBCCDDEE02';

const gateway = (macId: string, overrides: Partial<GatewaySummary> = {}): GatewaySummary => ({
  id: `id-${macId}`,
  macId,
  name: `Gateway ${macId}`,
  scopeId: 'scope-1',
  deviceStatus: 'offline',
  firmware: 'v2024-01-01',
  OSversion: '5.15.1',
  LONTI: null,
  LOFFTI: null,
  state: {},
  latest: null,
  ...overrides,
});

describe('gatewayLiveTopics', () => {
  it('listens to every scope for a root user', () => {
    expect(gatewayLiveTopics(true, 'scope-1')).toEqual({
      graph: 'portal/+/graph/+',
      gateways: 'portal/+/gateways',
    });
  });

  it('listens to the viewed scope otherwise', () => {
    expect(gatewayLiveTopics(false, 'scope-1')).toEqual({
      graph: 'portal/scope-1/graph/+',
      gateways: 'portal/scope-1/gateways',
    });
  });

  it('listens to nothing without a scope', () => {
    expect(gatewayLiveTopics(false, '')).toBeNull();
  });
});

describe('applyGraphMessage', () => {
  it('sets latest to the newest sample of that gateway only', () => {
    const list = [gateway(MAC_A), gateway(MAC_B)];
    const next = applyGraphMessage(list, {
      macId: MAC_A,
      samples: [
        { TI: T0 + 2000, CO2: 500 },
        { TI: T0 + 1000, CO2: 400 },
      ],
    });
    expect(next[0]?.latest).toEqual({ TI: T0 + 2000, CO2: 500 });
    expect(next[1]).toBe(list[1]);
  });

  it('keeps a newer latest sample than a backlog', () => {
    const list = [gateway(MAC_A, { latest: { TI: T0 + 5000, CO2: 700 } })];
    expect(applyGraphMessage(list, { macId: MAC_A, samples: [{ TI: T0, CO2: 400 }] })).toBe(list);
  });

  it('returns the same list for an unknown gateway, no samples or a malformed message', () => {
    const list = [gateway(MAC_A)];
    expect(applyGraphMessage(list, { macId: MAC_B, samples: [{ TI: T0 }] })).toBe(list);
    expect(applyGraphMessage(list, { macId: MAC_A, samples: [] })).toBe(list);
    expect(applyGraphMessage(list, { macId: MAC_A, samples: [{ TI: 'now' }] })).toBe(list);
    expect(applyGraphMessage(list, 'not an object')).toBe(list);
  });
});

describe('applyGatewayChangeMessage', () => {
  it('marks a gateway online at TI on CS 1', () => {
    const next = applyGatewayChangeMessage([gateway(MAC_A)], { type: 'status', macId: MAC_A, CS: 1, TI: T0 });
    expect(next[0]).toMatchObject({ deviceStatus: 'online', LONTI: T0, LOFFTI: null });
  });

  it('marks a gateway offline at TI on CS 0, keeping its last online time', () => {
    const list = [gateway(MAC_A, { deviceStatus: 'online', LONTI: T0 })];
    const next = applyGatewayChangeMessage(list, { type: 'status', macId: MAC_A, CS: 0, TI: T0 + 1000 });
    expect(next[0]).toMatchObject({ deviceStatus: 'offline', LONTI: T0, LOFFTI: T0 + 1000 });
  });

  it('ignores a status without a valid CS', () => {
    const list = [gateway(MAC_A)];
    expect(applyGatewayChangeMessage(list, { type: 'status', macId: MAC_A, CS: 3, TI: T0 })).toBe(list);
  });

  it('updates firmware, OS version and reported facts from a state change', () => {
    const list = [gateway(MAC_A, { state: { NW: 1 } })];
    const next = applyGatewayChangeMessage(list, {
      type: 'state',
      macId: MAC_A,
      TI: T0,
      FW: 'v2024-05-12',
      OS: '6.1.21',
      SS: 4,
    });
    expect(next[0]).toMatchObject({
      firmware: 'v2024-05-12',
      OSversion: '6.1.21',
      state: { NW: 1, SS: 4, TI: T0, FW: 'v2024-05-12', OS: '6.1.21' },
    });
  });

  it('keeps firmware and OS version when a state change leaves them out', () => {
    const next = applyGatewayChangeMessage([gateway(MAC_A)], { type: 'state', macId: MAC_A, TI: T0, SS: 2 });
    expect(next[0]).toMatchObject({ firmware: 'v2024-01-01', OSversion: '5.15.1', state: { SS: 2 } });
  });

  it('returns the same list for events, unknown gateways and malformed messages', () => {
    const list = [gateway(MAC_A)];
    expect(applyGatewayChangeMessage(list, { type: 'events', macId: MAC_A, TI: T0, SE: [] })).toBe(list);
    expect(applyGatewayChangeMessage(list, { type: 'status', macId: MAC_B, CS: 1, TI: T0 })).toBe(list);
    expect(applyGatewayChangeMessage(list, { type: 'reboot', macId: MAC_A })).toBe(list);
    expect(applyGatewayChangeMessage(list, null)).toBe(list);
  });
});
