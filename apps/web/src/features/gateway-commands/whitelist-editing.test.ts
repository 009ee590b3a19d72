import { mergeWhitelistCsv } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../../api/test-gateway.ts';
import { initI18n } from '../../lib/i18n/index.ts';
import { applyLiveMessage, viewOf } from './live-gateway-state.ts';
import {
  addLockName,
  gatewayReportsWhitelist,
  initialWhitelist,
  removeLockName,
  whitelistChanged,
  whitelistMismatch,
} from './whitelist-editing.ts';

beforeAll(() => initI18n('en', ['gateway-commands']));

const MAC = 'AA0000000001';
const NAMES_RULE = 'Lock names may only use letters, numbers and _ . - : @';

describe('addLockName', () => {
  it('adds a name using letters, numbers and _ . - : @, keeping the list sorted without duplicates', () => {
    expect(addLockName(['b'], 'A_1.x-y:z@w')).toEqual({ ok: true, list: ['A_1.x-y:z@w', 'b'] });
    expect(addLockName(['a', 'b'], ' a ')).toEqual({ ok: true, list: ['a', 'b'] });
  });

  it('refuses other characters and an empty name', () => {
    for (const bad of ['front door', 'lock#1', '', 'ä']) {
      expect(addLockName([], bad)).toEqual({ ok: false, error: NAMES_RULE });
    }
  });

  it("collapses the list to just '*', and a name after '*' replaces it", () => {
    expect(addLockName(['a', 'b'], '*')).toEqual({ ok: true, list: ['*'] });
    expect(addLockName(['*'], 'c')).toEqual({ ok: true, list: ['c'] });
  });
});

describe('whitelist CSV (contract merge)', () => {
  it("merges 'Lock Name' files, de-duplicated and sorted", () => {
    expect(mergeWhitelistCsv(['m'], 'Lock Name\nz\na\nm\n')).toEqual({ ok: true, list: ['a', 'm', 'z'] });
  });

  it('gives the two CSV error texts', () => {
    expect(mergeWhitelistCsv([], 'Name\na')).toEqual({
      ok: false,
      error: 'Headers of selected csv file are not valid, please check and retry',
    });
    expect(mergeWhitelistCsv([], '')).toEqual({
      ok: false,
      error: 'Uploaded file is empty, please check and retry.',
    });
  });
});

describe('whitelistChanged', () => {
  it('ignores order', () => {
    expect(whitelistChanged(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(whitelistChanged(['a'], ['a', 'b'])).toBe(true);
    expect(whitelistChanged(['a', 'b'], ['a'])).toBe(true);
    expect(removeLockName(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('gatewayReportsWhitelist', () => {
  it("matches '*' to every lock and a count to the names", () => {
    expect(gatewayReportsWhitelist('*', ['*'])).toBe(true);
    expect(gatewayReportsWhitelist(-1, ['*'])).toBe(true);
    expect(gatewayReportsWhitelist(2, ['*'])).toBe(false);
    expect(gatewayReportsWhitelist(2, ['a', 'b'])).toBe(true);
    expect(gatewayReportsWhitelist('*', ['a'])).toBe(false);
    expect(gatewayReportsWhitelist(undefined, ['a'])).toBe(false);
  });
});

describe('initialWhitelist: what the Whitelist editor opens with', () => {
  it("opens with the gateway's own list when it reported one, over what the portal last sent", () => {
    const gateway = testGateway(MAC, {
      listOfWhiteListedLocks: [],
      reportedWhitelist: ['Lock-0A03', 'Lock-0A01', 'Lock-0A02', 'Lock-0A04'],
      liveState: { whitelistedLocksCount: 4 },
    });
    const view = viewOf(gateway);
    expect(initialWhitelist(view.reportedWhitelist, gateway.listOfWhiteListedLocks)).toEqual({
      list: ['Lock-0A01', 'Lock-0A02', 'Lock-0A03', 'Lock-0A04'],
      fromGateway: true,
    });
    expect(initialWhitelist(['*'], ['Lock-1'])).toEqual({ list: ['*'], fromGateway: true });
    expect(initialWhitelist([], ['Lock-1'])).toEqual({ list: [], fromGateway: true });
  });

  it('takes the list a live state message reports while the status dialog is open', () => {
    const view = viewOf(testGateway(MAC, { listOfWhiteListedLocks: ['Lock-1'] }));
    const next = applyLiveMessage(view, {
      type: 'state',
      macId: MAC,
      listOfWhiteListedLocks: ['Lock-2', 'Lock-3'],
    });
    expect(initialWhitelist(next.reportedWhitelist, ['Lock-1'])).toEqual({
      list: ['Lock-2', 'Lock-3'],
      fromGateway: true,
    });
  });

  it('falls back to what the portal last sent for a gateway that never reported names (older firmware)', () => {
    const gateway = testGateway(MAC, { listOfWhiteListedLocks: ['Lock-B', 'Lock-A'] });
    expect(initialWhitelist(viewOf(gateway).reportedWhitelist, gateway.listOfWhiteListedLocks)).toEqual({
      list: ['Lock-A', 'Lock-B'],
      fromGateway: false,
    });
    expect(initialWhitelist(null, [])).toEqual({ list: [], fromGateway: false });
  });
});

describe('whitelistMismatch', () => {
  it('says when the gateway holds another list than the portal stored', () => {
    expect(whitelistMismatch(4, [])).toBe(
      "The gateway reports a whitelist of 4 locks, but the portal has 0 names for it. Saving replaces the gateway's list with the one below.",
    );
    expect(whitelistMismatch('*', ['Lock-1'])).toContain(
      'a whitelist of every lock, but the portal has 1 name for it',
    );
  });

  it('says nothing when they agree or before the gateway reported', () => {
    expect(whitelistMismatch(2, ['A', 'B'])).toBeNull();
    expect(whitelistMismatch('*', ['*'])).toBeNull();
    expect(whitelistMismatch(undefined, [])).toBeNull();
  });
});
