/**
 * A random hex id from the platform's CSPRNG. `crypto.getRandomValues` also works on plain http,
 * where `crypto.randomUUID` is unavailable (it needs a secure context).
 */
export function randomId(byteCount = 16): string {
  const bytes = new Uint8Array(byteCount);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
