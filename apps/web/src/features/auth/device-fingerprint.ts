import { randomId } from '../../lib/random-id.ts';
import { browserStorage, type KeyValueStorage } from '../../lib/storage.ts';

export const DEVICE_FINGERPRINT_KEY = 'portal.deviceFingerprint';

/** A random id made once per browser and kept in localStorage; sent with every sign-in (trusted devices). */
export function deviceFingerprint(storage: KeyValueStorage = browserStorage('localStorage')): string {
  const existing = storage.getItem(DEVICE_FINGERPRINT_KEY);
  if (existing) return existing;
  const fingerprint = randomId();
  storage.setItem(DEVICE_FINGERPRINT_KEY, fingerprint);
  return fingerprint;
}
