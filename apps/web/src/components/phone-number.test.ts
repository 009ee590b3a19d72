import { phoneNumberProblem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  countryOptions,
  flagEmoji,
  phoneDigits,
  phoneValue,
  sanitizePhoneDigits,
  selectedCountry,
} from './phone-number.ts';

const options = countryOptions('en');
const country = (code: string) => options.find((option) => option.code === code)!;

describe('country options', () => {
  it('names each country with its flag and calling code, sorted by name', () => {
    expect(country('DE')).toEqual({ code: 'DE', name: 'Germany', callingCode: '+49', flag: '🇩🇪' });
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(options.length).toBeGreaterThan(200);
  });

  it('makes flags from regional indicator symbols', () => {
    expect(flagEmoji('fr')).toBe('🇫🇷');
  });
});

describe('picked country', () => {
  it('is the named country when its calling code fits the number', () => {
    expect(selectedCountry(options, '+1 2025550123', 'CA')?.code).toBe('CA');
    expect(selectedCountry(options, '+44', 'JE')?.code).toBe('JE');
  });

  it('is the named country while the number has no calling code, none when nothing is named', () => {
    expect(selectedCountry(options, '', 'DE')?.code).toBe('DE');
    expect(selectedCountry(options, '', '')).toBeNull();
    expect(selectedCountry(options, '12345678', '')).toBeNull();
  });

  it("falls back to the calling code's main country", () => {
    expect(selectedCountry(options, '+1 2025550123', '')?.code).toBe('US');
    expect(selectedCountry(options, '+49 15112345678', 'FR')?.code).toBe('DE');
    expect(selectedCountry(options, '+999 1234567', '')).toBeNull();
  });
});

describe('number digits', () => {
  it('are the part after the calling code', () => {
    expect(phoneDigits('+49 15112345678')).toBe('15112345678');
    expect(phoneDigits('+49')).toBe('');
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits('12345678')).toBe('12345678');
    expect(phoneDigits('+49-151-123')).toBe('49151123');
  });

  it('accept digits only, at most 15', () => {
    expect(sanitizePhoneDigits('0151 12-34a5')).toBe('015112345');
    expect(sanitizePhoneDigits('1234567890123456')).toBe('123456789012345');
  });
});

describe('field value', () => {
  it("joins the calling code and digits as '+<code> <digits>'", () => {
    expect(phoneValue(country('DE'), '15112345678')).toEqual({
      phoneNumber: '+49 15112345678',
      countryShortCode: 'DE',
    });
  });

  it('keeps the calling code alone, the digits alone, or nothing', () => {
    expect(phoneValue(country('DE'), '')).toEqual({ phoneNumber: '+49', countryShortCode: 'DE' });
    expect(phoneValue(null, '1234567')).toEqual({ phoneNumber: '1234567', countryShortCode: '' });
    expect(phoneValue(null, '')).toEqual({ phoneNumber: '', countryShortCode: '' });
  });

  it('round-trips through the contract rules', () => {
    const { phoneNumber } = phoneValue(country('IN'), '9876543210');
    expect(phoneDigits(phoneNumber)).toBe('9876543210');
    expect(selectedCountry(options, phoneNumber, 'IN')?.code).toBe('IN');
    expect(phoneNumberProblem(phoneNumber, 'signUp')).toBeNull();
    expect(phoneNumberProblem(phoneNumber, 'portalUser')).toBeNull();
  });
});
