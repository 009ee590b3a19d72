import { describe, expect, it } from 'vitest';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, peopleMessages, phoneNumberProblem } from './people.ts';

const digits = (count: number) => '1234567890123456789'.slice(0, count);

describe('phoneNumberProblem, portal user (spec 002 section 5)', () => {
  it('accepts nothing, or a code with 7 to 15 digits', () => {
    expect(phoneNumberProblem('', 'portalUser')).toBeNull();
    expect(phoneNumberProblem(`+49 ${digits(PHONE_MIN_DIGITS)}`, 'portalUser')).toBeNull();
    expect(phoneNumberProblem(`+1 ${digits(PHONE_MAX_DIGITS)}`, 'portalUser')).toBeNull();
  });

  it('names the country when a valid number has none, at both ends of the length', () => {
    expect(phoneNumberProblem(digits(PHONE_MIN_DIGITS), 'portalUser')).toBe(peopleMessages.countryRequired);
    expect(phoneNumberProblem(digits(PHONE_MAX_DIGITS), 'portalUser')).toBe(peopleMessages.countryRequired);
  });

  it("keeps 'Mobile Number is required.' for a code alone and for 6 or 16 digits, with or without a code", () => {
    for (const value of [
      '+49',
      `+49 ${digits(PHONE_MIN_DIGITS - 1)}`,
      `+49 ${digits(PHONE_MAX_DIGITS + 1)}`,
      digits(PHONE_MIN_DIGITS - 1),
      digits(PHONE_MAX_DIGITS + 1),
      '+49 12a4567',
    ])
      expect(phoneNumberProblem(value, 'portalUser'), value).toBe(peopleMessages.mobileRequired);
  });
});

describe('phoneNumberProblem, sign-up (spec 000 section 5)', () => {
  it('is unchanged: a code alone is accepted, only the digits are checked', () => {
    expect(phoneNumberProblem('+49', 'signUp')).toBeNull();
    expect(phoneNumberProblem(digits(PHONE_MIN_DIGITS), 'signUp')).toBeNull();
    expect(phoneNumberProblem(`+49 ${digits(PHONE_MIN_DIGITS - 1)}`, 'signUp')).toBe(
      peopleMessages.invalidMobile,
    );
  });
});
