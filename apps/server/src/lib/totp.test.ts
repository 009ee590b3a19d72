import { randomBytes } from 'node:crypto';
import { URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  newTotpSecret,
  otpauthUrl,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  totpAt,
  totpStep,
  verifyTotp,
} from './totp.ts';

// RFC 6238 appendix B, SHA-1 column (key '12345678901234567890'), truncated to the last 6 digits.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];
// The same table as printed in RFC 6238 appendix B: 8 digits.
const RFC_VECTORS_8: [seconds: number, step: number, code: string][] = [
  [59, 0x1, '94287082'],
  [1111111109, 0x23523ec, '07081804'],
  [1111111111, 0x23523ed, '14050471'],
  [1234567890, 0x273ef07, '89005924'],
  [2000000000, 0x3f940aa, '69279037'],
  [20000000000, 0x27bc86aa, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 SHA-1 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpAt(RFC_KEY, totpStep(seconds * 1000))).toBe(code);
    }
  });

  it('gives the 8-digit RFC values when asked for 8 digits', () => {
    expect(totpAt(RFC_KEY, totpStep(59_000), 8)).toBe('94287082');
    expect(totpAt(RFC_KEY, totpStep(20000000000_000), 8)).toBe('65353130');
    for (const [seconds, step, code] of RFC_VECTORS_8) {
      expect(totpStep(seconds * 1000)).toBe(step);
      expect(totpAt(RFC_KEY, step, 8)).toBe(code);
    }
  });

  it('accepts each RFC vector (6 digits) at its time from the base32 secret and returns its step', () => {
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    for (const [seconds, code] of RFC_VECTORS) {
      expect(verifyTotp(secret, code, seconds * 1000)).toBe(totpStep(seconds * 1000));
      expect(verifyTotp(secret, code, new Date(seconds * 1000))).toBe(totpStep(seconds * 1000));
    }
  });

  it('uses the parameters authenticator apps expect', () => {
    expect(TOTP_DIGITS).toBe(6);
    expect(TOTP_WINDOW).toBe(1);
  });

  it('accepts a wider or narrower window when asked', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1111111111_000;
    const step = totpStep(now);
    expect(verifyTotp(secret, totpAt(RFC_KEY, step - 2), now, 2)).toBe(step - 2);
    expect(verifyTotp(secret, totpAt(RFC_KEY, step + 1), now, 0)).toBeNull();
    expect(verifyTotp(secret, totpAt(RFC_KEY, step), now, 0)).toBe(step);
  });

  it('refuses codes that are not six digits before comparing', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1111111111_000;
    const right = totpAt(RFC_KEY, totpStep(now));
    expect(verifyTotp(secret, ` ${right.slice(1)}`, now)).toBeNull();
    expect(verifyTotp(secret, `${right.slice(0, 5)}a`, now)).toBeNull();
    expect(verifyTotp(secret, '', now)).toBeNull();
  });

  it('accepts a code one step early or late and returns the step it matched', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1111111111_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      expect(verifyTotp(secret, totpAt(RFC_KEY, step + offset), now)).toBe(step + offset);
    }
  });

  it('refuses a code two steps away, a wrong code and a code of the wrong length', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1111111111_000;
    const step = totpStep(now);
    expect(verifyTotp(secret, totpAt(RFC_KEY, step - 2), now)).toBeNull();
    expect(verifyTotp(secret, totpAt(RFC_KEY, step + 2), now)).toBeNull();
    const right = totpAt(RFC_KEY, step);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(verifyTotp(secret, wrong, now)).toBeNull();
    expect(verifyTotp(secret, right.slice(1), now)).toBeNull();
    expect(verifyTotp(secret, `${right}0`, now)).toBeNull();
    expect(verifyTotp(secret, totpAt(RFC_KEY, step, 8), now)).toBeNull();
  });

  it('steps every 30 seconds', () => {
    expect(TOTP_PERIOD_SECONDS).toBe(30);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
  });
});

describe('base32 (RFC 4648)', () => {
  it('encodes the RFC 4648 test vectors without padding', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
  });

  it('round-trips random bytes of every length, ignoring case, spaces and padding on the way back', () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = randomBytes(length);
      const encoded = base32Encode(bytes);
      expect(base32Decode(encoded)).toEqual(bytes);
      expect(base32Decode(`${encoded.toLowerCase().replace(/(.{4})/g, '$1 ')}===`)).toEqual(bytes);
    }
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZXW1')).toThrow(/Invalid base32/);
  });

  it('makes 160-bit secrets of 32 characters, different each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });
});

describe('otpauth URI', () => {
  it('names the issuer and the account, and carries the secret and the parameters', () => {
    // otpauth's order of the parameters: issuer first (the same parameters as before).
    expect(otpauthUrl('IoT Portal', 'ann+1@example.com', 'MZXW6YTBOI')).toBe(
      'otpauth://totp/IoT%20Portal:ann%2B1%40example.com?issuer=IoT%20Portal&secret=MZXW6YTBOI&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('reads back as the same TOTP (issuer, account, secret, SHA-1, 6 digits, 30 s)', () => {
    const secret = newTotpSecret();
    const parsed = URI.parse(otpauthUrl('IoT Portal', 'ann+1@example.com', secret));
    expect(parsed).toMatchObject({
      issuer: 'IoT Portal',
      label: 'ann+1@example.com',
      algorithm: 'SHA1',
      digits: 6,
    });
    expect('period' in parsed && parsed.period).toBe(30);
    expect(parsed.secret.base32).toBe(secret);
  });
});
