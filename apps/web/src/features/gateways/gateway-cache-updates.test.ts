import { gatewayListMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { testGateway as gateway } from '../../api/test-gateway.ts';
import { applyGraphMessage, gatewayLiveTopics, gatewaysChannelReaction } from './gateway-cache-updates.ts';

const T0 = 1_750_000_000_000;
const MAC_A = 'AABBCCDDEE01';
const MAC_B = 'AABBCCDDEE02';

/** The list after a gateways-channel message (the same list when the message changes nothing). */
const after = (list: ReturnType<typeof gateway>[], message: unknown) =>
  gatewaysChannelReaction(message).update?.(list) ?? list;

describe('gatewayLiveTopics', () => {
  it('listens to every scope for a root user', () => {
    expect(gatewayLiveTopics(true, 'scope-1')).toEqual({
      graph: 'portal/+/graph/+',
      gateways: 'portal/+/gateways',
      firmwareUpgraded: 'portal/+/firmware-upgraded',
    });
  });

  it('listens to the viewed scope otherwise', () => {
    expect(gatewayLiveTopics(false, 'scope-1')).toEqual({
      graph: 'portal/scope-1/graph/+',
      gateways: 'portal/scope-1/gateways',
      firmwareUpgraded: 'portal/scope-1/firmware-upgraded',
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

describe('gatewaysChannelReaction: status and state', () => {
  it('marks a gateway online at TI on CS 1', () => {
    const next = after([gateway(MAC_A)], { type: 'status', macId: MAC_A, CS: 1, TI: T0 });
    expect(next[0]).toMatchObject({ deviceStatus: 'online', LONTI: T0, LOFFTI: null });
  });

  it('marks a gateway offline at TI on CS 0, keeping its last online time', () => {
    const list = [gateway(MAC_A, { deviceStatus: 'online', LONTI: T0 })];
    const next = after(list, { type: 'status', macId: MAC_A, CS: 0, TI: T0 + 1000 });
    expect(next[0]).toMatchObject({ deviceStatus: 'offline', LONTI: T0, LOFFTI: T0 + 1000 });
  });

  it('ignores a status without a valid CS', () => {
    expect(gatewaysChannelReaction({ type: 'status', macId: MAC_A, CS: 3, TI: T0 })).toEqual({});
  });

  it('updates firmware, OS version and the card facts from a state change', () => {
    const list = [gateway(MAC_A, { state: { NW: 1 } })];
    const next = after(list, {
      type: 'state',
      macId: MAC_A,
      TI: T0,
      FW: 'v2024-05-12',
      OS: '6.1.21',
      SS: 4,
      NW: 0,
      HS: 1,
      HSIPRC: 1,
      CMS: 0,
      LCTN: { LAT: 52, LNG: 4 },
      state: { currentState: 'ScanningState' },
    });
    expect(next[0]).toMatchObject({
      firmware: 'v2024-05-12',
      OSversion: '6.1.21',
      NW: 0,
      SS: 4,
      HS: 1,
      HSIPRC: 1,
      CMS: 0,
      LCTN: { LAT: 52, LNG: 4 },
      liveState: { currentState: 'ScanningState' },
      state: { NW: 0, SS: 4, TI: T0, FW: 'v2024-05-12', OS: '6.1.21' },
    });
  });

  it('keeps what a state change leaves out', () => {
    const next = after([gateway(MAC_A)], { type: 'state', macId: MAC_A, TI: T0, SS: 2 });
    expect(next[0]).toMatchObject({
      firmware: 'v2024-01-01',
      OSversion: '5.15.1',
      HS: 0,
      NW: 1,
      state: { SS: 2 },
    });
  });

  it('changes nothing for events, lock messages and unknown gateways', () => {
    const list = [gateway(MAC_A)];
    expect(gatewaysChannelReaction({ type: 'events', macId: MAC_A, TI: T0, SE: [] })).toEqual({});
    for (const type of ['lockStatus', 'userMapping', 'lockMode', 'lockData', 'history', 'forceProbeData']) {
      expect(gatewaysChannelReaction({ type, macId: MAC_A })).toEqual({});
    }
    expect(after(list, { type: 'status', macId: MAC_B, CS: 1, TI: T0 })).toBe(list);
  });
});

describe('gatewaysChannelReaction: the list messages of section 4', () => {
  it('gatewayOffline marks the gateway offline and drops its live link', () => {
    const list = [gateway(MAC_A, { deviceStatus: 'online', liveState: { currentState: 'IdleState' } })];
    const next = after(list, { type: 'gatewayOffline', macId: MAC_A, TI: T0 });
    expect(next[0]).toMatchObject({ deviceStatus: 'offline', LOFFTI: T0, liveState: null });
  });

  it('deleteLock and gatewaysDeleted remove the rows', () => {
    const list = [gateway(MAC_A), gateway(MAC_B)];
    expect(after(list, { type: 'deleteLock', macId: MAC_A }).map((g) => g.macId)).toEqual([MAC_B]);
    expect(after(list, { type: 'gatewaysDeleted', macIds: [MAC_A, MAC_B] })).toEqual([]);
    expect(gatewaysChannelReaction({ type: 'deleteLock', macId: MAC_A }).removed).toEqual([MAC_A]);
    expect(gatewaysChannelReaction({ type: 'gatewaysDeleted', macIds: [MAC_A, MAC_B] }).removed).toEqual([
      MAC_A,
      MAC_B,
    ]);
  });

  it('a status change or gatewayOffline marks the lists that depend on the status', () => {
    expect(gatewaysChannelReaction({ type: 'status', macId: MAC_A, CS: 1, TI: T0 }).statusChanged).toBe(true);
    expect(gatewaysChannelReaction({ type: 'gatewayOffline', macId: MAC_A }).statusChanged).toBe(true);
    expect(
      gatewaysChannelReaction({ type: 'state', macId: MAC_A, TI: T0, SS: 2 }).statusChanged,
    ).toBeUndefined();
  });

  it('a full device update replaces the fields it carries', () => {
    const list = [gateway(MAC_A)];
    const next = after(list, { type: 'gatewayUpdated', gateway: { macId: MAC_A, name: 'Renamed', REG: 0 } });
    expect(next[0]).toMatchObject({ name: 'Renamed', REG: 0, firmware: 'v2024-01-01' });
  });

  it('deviceMoved removes the gateway and refetches the windows it shifted, quietly', () => {
    const reaction = gatewaysChannelReaction({
      type: 'deviceMoved',
      id: 'id-1',
      macId: MAC_A,
      fromScopeId: 'scope-1',
      toScopeId: 'scope-2',
    });
    expect(reaction.removed).toEqual([MAC_A]);
    expect(reaction.notice).toBeUndefined();
    expect(reaction.update?.([gateway(MAC_A)])).toEqual([]);
  });

  it('bulkUpdate refetches quietly', () => {
    expect(gatewaysChannelReaction({ type: 'bulkUpdate' })).toEqual({ refetch: true });
  });

  it('a hotspot result ends the change (HSIPRC 0) and shows its message', () => {
    const list = [gateway(MAC_A, { HSIPRC: 1 })];
    const done = gatewaysChannelReaction({
      type: 'HSIPRCModified',
      macId: MAC_A,
      message: `Successfully updated hotspot status for ${MAC_A}`,
    });
    expect(done.update?.(list)[0]?.HSIPRC).toBe(0);
    expect(done.notice).toEqual({
      variant: 'success',
      text: `Successfully updated hotspot status for ${MAC_A}`,
    });
    const failed = gatewaysChannelReaction({
      type: 'HSIPRFAILED',
      macId: MAC_A,
      message: `Failed to update hotspot status for ${MAC_A}`,
    });
    expect(failed.update?.(list)[0]?.HSIPRC).toBe(0);
    expect(failed.notice).toEqual({ variant: 'error', text: `Failed to update hotspot status for ${MAC_A}` });
  });

  it("an unknown message refetches with 'Refreshing Gateways...'", () => {
    expect(gatewaysChannelReaction({ type: 'somethingNew', macId: MAC_A })).toEqual({
      refetch: true,
      notice: { variant: 'info', text: gatewayListMessages.refreshing },
    });
    expect(gatewayListMessages.refreshing).toBe('Refreshing Gateways...');
  });

  it('ignores what is not a typed message, and malformed known messages', () => {
    expect(gatewaysChannelReaction(null)).toEqual({});
    expect(gatewaysChannelReaction('text')).toEqual({});
    expect(gatewaysChannelReaction({ macId: MAC_A })).toEqual({});
    expect(gatewaysChannelReaction({ type: 'gatewaysDeleted', macIds: 'all' })).toEqual({});
    expect(gatewaysChannelReaction({ type: 'HSIPRFAILED', macId: MAC_A })).toEqual({});
  });
});
