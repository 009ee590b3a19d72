import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';
import { accessStateText, queueText, retryText } from './lock-access-display.ts';

beforeAll(() => initI18n('en', ['lock-users']));

describe('lock access display', () => {
  it('names where a credential is, with the typed reason of a failure', () => {
    expect(accessStateText({ state: 'confirmed', reason: null, operation: 'grant' })).toBe(
      'Confirmed on the lock',
    );
    expect(accessStateText({ state: 'failed', reason: 'LOCK_MEMORY_FULL', operation: 'grant' })).toBe(
      'Failed: lock memory full',
    );
    expect(accessStateText({ state: 'sent', reason: null, operation: 'revoke' })).toBe('Removal sent');
    expect(accessStateText({ state: 'failed', reason: 'ABORTED', operation: 'revoke' })).toBe(
      'Removal failed: aborted',
    );
  });
  it('tells a planned retry and the queue', () => {
    expect(retryText({ state: 'failed', nextAttemptAt: 5 }, (ms) => `t${ms}`)).toBe('retry at t5');
    expect(retryText({ state: 'failed', nextAttemptAt: null }, String)).toBe('');
    expect(
      queueText({ gatewayMacId: 'A', depth: 3, inFlight: { accessId: 'x', instructionUid: 'u', since: 1 } }),
    ).toBe('3 waiting, 1 in progress');
    expect(queueText({ gatewayMacId: 'A', depth: 0, inFlight: null })).toBe('0 waiting');
  });
});
