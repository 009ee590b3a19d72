import { deviceDown } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { gatewaySubscriptions, kindOfTopic, parseDownstream, parseWhitelist } from './downstream-messages.ts';

const MAC = 'B827EB000001';

describe('gatewaySubscriptions', () => {
  it('listens for commands from any tenant, and for onboarding only with a known scope', () => {
    const withoutScope = gatewaySubscriptions(MAC);
    expect(withoutScope.map((s) => s.kind)).toEqual(['command', 'whitelist', 'forceProbe', 'instruction']);
    expect(kindOfTopic(withoutScope, deviceDown.command('tenant-a', MAC))).toBe('command');
    expect(kindOfTopic(withoutScope, deviceDown.command('tenant-b', MAC))).toBe('command');
    expect(kindOfTopic(withoutScope, deviceDown.command('tenant-a', 'B827EB000002'))).toBeNull();
    expect(kindOfTopic(withoutScope, deviceDown.onboardingCommand('s1', MAC))).toBeNull();

    const withScope = gatewaySubscriptions(MAC, 's1');
    expect(kindOfTopic(withScope, deviceDown.onboardingCommand('s1', MAC))).toBe('onboardingScan');
    expect(kindOfTopic(withScope, deviceDown.onboardingStop('s1'))).toBe('onboardingStop');
    expect(kindOfTopic(withScope, deviceDown.whitelist(MAC))).toBe('whitelist');
  });
});

describe('parseDownstream', () => {
  it('accepts every command of the contract', () => {
    expect(parseDownstream('command', '{"command":"SCAN"}')).toEqual({
      ok: true,
      message: { kind: 'command', command: { command: 'SCAN' } },
    });
    expect(parseDownstream('command', '{"command":"POLLING-INTERVAL","pollingInterval":10800}').ok).toBe(
      true,
    );
    expect(parseDownstream('command', '{"command":"RSSI-VALUE","rssiValue":-1000}').ok).toBe(true);
  });

  it('reports malformed payloads instead of throwing', () => {
    for (const payload of [
      '',
      'not json',
      '[]',
      '{"command":"DANCE"}',
      '{"command":"POLLING-INTERVAL","pollingInterval":0}',
    ]) {
      expect(parseDownstream('command', payload).ok).toBe(false);
    }
    expect(parseDownstream('command', '{"command":"RSSI-VALUE","rssiValue":1}').ok).toBe(false);
    expect(parseDownstream('forceProbe', '["nope"]').ok).toBe(false);
    expect(parseDownstream('forceProbe', '[]').ok).toBe(false);
    expect(parseDownstream('instruction', '{"type":"DIAGNOSTICS"}').ok).toBe(false);
    expect(parseDownstream('onboardingScan', '{"command":"SCAN","totalScanCycles":6}').ok).toBe(false);
  });

  it('reads force-probe lists, instructions and onboarding scans', () => {
    expect(parseDownstream('forceProbe', '["aa:bb:cc:dd:ee:ff"]')).toEqual({
      ok: true,
      message: { kind: 'forceProbe', locks: ['AABBCCDDEEFF'] },
    });
    expect(parseDownstream('instruction', '{"type":"DIAGNOSTICS","uid":"ab12cd34"}')).toEqual({
      ok: true,
      message: {
        kind: 'instruction',
        instruction: { type: 'DIAGNOSTICS', uid: 'ab12cd34', value: undefined },
      },
    });
    expect(parseDownstream('onboardingScan', '{"command":"SCAN"}')).toEqual({
      ok: true,
      message: { kind: 'onboardingScan', totalScanCycles: 5 },
    });
    expect(parseDownstream('onboardingStop', '')).toEqual({ ok: true, message: { kind: 'onboardingStop' } });
  });
});

describe('parseWhitelist', () => {
  it('reads the dialog fields, bare lists and the * wildcard', () => {
    expect(parseWhitelist({ noOfWhiteListedDevices: -1, listOfWhiteListedLocks: ['*'] })).toBe('*');
    expect(parseWhitelist(['*'])).toBe('*');
    expect(parseWhitelist({ listOfWhiteListedLocks: ['Lock-0A01', 'AABBCCDDEEFF', 'Lock-0A01'] })).toEqual([
      'Lock-0A01',
      'AABBCCDDEEFF',
    ]);
    expect(parseWhitelist(['a_b.c-d:e@f'])).toEqual(['a_b.c-d:e@f']);
    expect(parseWhitelist([])).toEqual([]);
    expect(parseWhitelist(['bad name'])).toBeNull();
    expect(parseWhitelist(['x'.repeat(41)])).toBeNull();
    expect(parseWhitelist({ listOfWhiteListedLocks: 'AABBCCDDEEFF' })).toBeNull();
  });
});
