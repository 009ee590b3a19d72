import { HOTP, Secret, TOTP } from 'otpauth';

// RFC 6238 TOTP by otpauth (maintained, RFC 4226/6238 test vectors in its own suite); this module only fixes
// the portal's parameters and keeps the shape its callers use: the step a code matched, so the users
// repository can refuse a step used before (replay protection, `acceptTotpStep`).

/** RFC 6238 TOTP as authenticator apps expect it: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps of clock drift accepted either way. */
export const TOTP_WINDOW = 1;
const TOTP_ALGORITHM = 'SHA1';
/** 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;

/** otpauth's secret of some bytes (copied: a Buffer may be a view into a larger pooled one). */
const secretOf = (bytes: Uint8Array) => new Secret({ buffer: Uint8Array.from(bytes).buffer });

/** RFC 4648 base32 without padding, the form authenticator apps take. */
export const base32Encode = (bytes: Uint8Array): string => secretOf(bytes).base32;

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  try {
    return Buffer.from(Secret.fromBase32(text.replace(/[\s=]/g, '')).bytes);
  } catch (error) {
    throw new Error(`Invalid base32 text: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A new 160-bit secret, base32-encoded. */
export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32;

/** The time step a moment falls in. */
export const totpStep = (at: Date | number) =>
  TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: new Date(at).getTime() });

/** The code of one time step (RFC 4226 HOTP with the step as counter). */
export const totpAt = (key: Uint8Array, step: number, digits = TOTP_DIGITS): string =>
  HOTP.generate({ secret: secretOf(key), algorithm: TOTP_ALGORITHM, digits, counter: step });

/** The step whose code matches, looking `window` steps either side of `now`; null when none does. */
export function verifyTotp(
  secret: string,
  code: string,
  now: Date | number = Date.now(),
  window = TOTP_WINDOW,
): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const timestamp = new Date(now).getTime();
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(base32Decode(secret)),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp,
    window,
  });
  return delta === null ? null : totpStep(timestamp) + delta;
}

/** The otpauth:// URI an authenticator app reads from the QR code (label `issuer:account`, issuer, secret, parameters). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  return new TOTP({
    issuer,
    label: account,
    issuerInLabel: true,
    secret: secretOf(base32Decode(secret)),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}
