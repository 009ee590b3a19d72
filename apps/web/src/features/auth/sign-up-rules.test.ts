import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  canSignUp,
  EMPTY_SIGN_UP_FORM,
  type SignUpFormValues,
  signUpErrorText,
  signUpFormSchema,
  signUpRequest,
} from './sign-up-rules.ts';

const valid: SignUpFormValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+44 7700900123',
  countryShortCode: 'GB',
};
const withValues = (changes: Partial<SignUpFormValues>) => canSignUp({ ...valid, ...changes });
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const messagesFor = (changes: Partial<SignUpFormValues>) => {
  const result = signUpFormSchema.safeParse({ ...valid, ...changes });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('Sign Up button', () => {
  it('is enabled for valid names, email and phone, not for an empty form', () => {
    expect(canSignUp(valid)).toBe(true);
    expect(canSignUp(EMPTY_SIGN_UP_FORM)).toBe(false);
  });

  it('takes names of 20 characters, not 21', () => {
    expect(withValues({ firstName: 'a'.repeat(20), lastName: 'b'.repeat(20) })).toBe(true);
    expect(withValues({ firstName: 'a'.repeat(21) })).toBe(false);
    expect(withValues({ lastName: 'b'.repeat(21) })).toBe(false);
    expect(messagesFor({ firstName: 'a'.repeat(21) })).toEqual(['Invalid First Name.']);
    expect(messagesFor({ lastName: '' })).toEqual(['Invalid Last Name.']);
  });

  it('strips leading spaces before counting, and refuses a name of spaces', () => {
    expect(withValues({ firstName: `  ${'a'.repeat(20)}` })).toBe(true);
    expect(withValues({ firstName: '   ' })).toBe(false);
  });

  it('takes an email of 40 characters, not 41, and only of the right pattern', () => {
    expect(withValues({ email: emailOfLength(40) })).toBe(true);
    expect(withValues({ email: emailOfLength(41) })).toBe(false);
    expect(withValues({ email: 'ada@example' })).toBe(false);
    expect(messagesFor({ email: '' })[0]).toBe('Email is required.');
  });

  it('takes a phone number of 7 to 15 digits, not 6 or 16', () => {
    expect(withValues({ phoneNumber: '+44 123456' })).toBe(false);
    expect(withValues({ phoneNumber: '+44 1234567' })).toBe(true);
    expect(withValues({ phoneNumber: '+44 123456789012345' })).toBe(true);
    expect(withValues({ phoneNumber: '+44 1234567890123456' })).toBe(false);
    expect(messagesFor({ phoneNumber: '+44 123456' })).toEqual(['Enter valid mobile number.']);
  });

  it('takes no phone number, or a country code alone', () => {
    expect(withValues({ phoneNumber: '', countryShortCode: '' })).toBe(true);
    expect(withValues({ phoneNumber: '+44', countryShortCode: 'GB' })).toBe(true);
  });
});

describe('sign-up request', () => {
  it('sends stripped names with their lengths, the email lower-cased and the scope, no permissions', () => {
    const values = signUpFormSchema.parse({ ...valid, firstName: ' Ada', email: 'Ada@Example.COM' });
    expect(signUpRequest(values, 'general')).toEqual({
      firstName: 'Ada',
      firstNameTextLength: 3,
      lastName: 'Lovelace',
      lastNameTextLength: 8,
      email: 'ada@example.com',
      scopeId: 'general',
      phoneNumber: '+44 7700900123',
      countryShortCode: 'GB',
    });
  });
});

describe('sign-up failure text', () => {
  it("says 'This user already exists!' for 409 and the general text otherwise", () => {
    expect(signUpErrorText(new ApiError(409, 'CONFLICT', 'x'))).toBe('This user already exists!');
    expect(signUpErrorText(new ApiError(500, 'INTERNAL', 'x'))).toBe(
      'Error occurred while signing up. Please try again.',
    );
    expect(signUpErrorText(new Error('x'))).toBe('Error occurred while signing up. Please try again.');
  });
});
