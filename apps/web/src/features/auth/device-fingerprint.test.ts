import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/storage.ts';
import { deviceFingerprint } from './device-fingerprint.ts';

describe('device fingerprint', () => {
  it('is made once and then stays the same', () => {
    const storage = memoryStorage();
    const first = deviceFingerprint(storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceFingerprint(storage)).toBe(first);
  });

  it('differs between browsers', () => {
    expect(deviceFingerprint(memoryStorage())).not.toBe(deviceFingerprint(memoryStorage()));
  });
});
