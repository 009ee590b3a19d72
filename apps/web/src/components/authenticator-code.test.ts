import { describe, expect, it } from 'vitest';
import { isCompleteAuthenticatorCode, sanitizeAuthenticatorCode } from './authenticator-code.ts';

describe('authenticator code', () => {
  it('keeps digits only, at most 6', () => {
    expect(sanitizeAuthenticatorCode('12a 3-4')).toBe('1234');
    expect(sanitizeAuthenticatorCode('1234567')).toBe('123456');
  });

  it('is complete at exactly 6 digits', () => {
    expect(isCompleteAuthenticatorCode('12345')).toBe(false);
    expect(isCompleteAuthenticatorCode('123456')).toBe(true);
    expect(isCompleteAuthenticatorCode('1234567')).toBe(false);
    expect(isCompleteAuthenticatorCode('12345a')).toBe(false);
    expect(isCompleteAuthenticatorCode('')).toBe(false);
  });
});
