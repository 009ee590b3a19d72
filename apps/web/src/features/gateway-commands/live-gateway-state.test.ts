import { describe, expect, it } from 'vitest';
import { testGateway } from '../../api/test-gateway.ts';
import { applyLiveMessage, viewOf } from './live-gateway-state.ts';

const MAC = 'AA0000000001';

describe('applyLiveMessage', () => {
  const view = viewOf(testGateway(MAC, { liveState: { currentState: 'IdleState', pollInterval: 900_000 } }));

  it('follows the connection status', () => {
    const offline = applyLiveMessage(view, { type: 'status', macId: MAC, CS: 0 });
    expect(offline.online).toBe(false);
    expect(applyLiveMessage(offline, { type: 'status', macId: MAC, CS: 1 }).online).toBe(true);
  });

  it('merges a reported state over the known one', () => {
    const next = applyLiveMessage(view, {
      type: 'state',
      macId: MAC,
      state: { currentState: 'ScanningState' },
    });
    expect(next.liveState).toEqual({ currentState: 'ScanningState', pollInterval: 900_000 });
    expect(
      applyLiveMessage(view, { type: 'state', macId: MAC, liveState: { rssiValue: -80 } }).liveState
        ?.rssiValue,
    ).toBe(-80);
  });

  it("takes the gateway's reported whitelist and keeps it across states without one", () => {
    expect(view.reportedWhitelist).toBeNull();
    const named = applyLiveMessage(view, {
      type: 'state',
      macId: MAC,
      state: { whitelistedLocksCount: 2 },
      listOfWhiteListedLocks: ['Lock-1', 'Lock-2'],
    });
    expect(named.reportedWhitelist).toEqual(['Lock-1', 'Lock-2']);
    expect(named.liveState?.whitelistedLocksCount).toBe(2);
    const later = applyLiveMessage(named, {
      type: 'state',
      macId: MAC,
      state: { currentState: 'ScanningState' },
    });
    expect(later.reportedWhitelist).toEqual(['Lock-1', 'Lock-2']);
    expect(
      applyLiveMessage(named, { type: 'state', macId: MAC, listOfWhiteListedLocks: ['Lock 1'] })
        .reportedWhitelist,
    ).toEqual(['Lock-1', 'Lock-2']);
  });

  it('ignores other messages and malformed states', () => {
    expect(applyLiveMessage(view, { type: 'events', macId: MAC })).toBe(view);
    expect(applyLiveMessage(view, { type: 'state', macId: MAC, state: { pollInterval: 'soon' } })).toBe(view);
    expect(applyLiveMessage(view, { type: 'status', macId: MAC, CS: 7 })).toBe(view);
  });
});
