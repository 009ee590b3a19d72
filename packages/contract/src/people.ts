import { z } from 'zod';

/**
 * Field rules shared by portal users and sign-up (spec 000 section 5, spec 002 section 5): the server and
 * the forms use these same schemas, so a rule and its message live in one place.
 */
export const NAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 40;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** Local part of letters, digits and + _ . -, then @, a domain, a dot and a 2-3 letter ending. */
export const EMAIL_PATTERN = /^[A-Za-z0-9+_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,3}$/;
export const PHONE_PATTERN = /^\d{7,15}$/;
/** A country calling code as the country picker gives it: '+' and 1 to 4 digits. */
export const COUNTRY_CODE_PATTERN = /^\+\d{1,4}$/;

export const peopleMessages = {
  invalidFirstName: 'Invalid First Name.',
  invalidLastName: 'Invalid Last Name.',
  emailRequired: 'Email is required.',
  /** Our wording: the spec gives the pattern, not the text for a malformed address. */
  invalidEmail: 'Enter a valid email.',
  /** Sign-up form. */
  invalidMobile: 'Enter valid mobile number.',
  /** Portal-user form: a code without a number, or digits that are not 7 to 15. */
  mobileRequired: 'Mobile Number is required.',
  /**
   * Our wording (the spec words both halves of the rule alike): a portal user's number is typed but its
   * country is not chosen, so the message names what is missing.
   */
  countryRequired: 'Choose the country of the mobile number.',
} as const;

/** Leading spaces are stripped (spec 000 section 5); what is left must be 1 to 20 characters. */
export const stripLeadingSpace = (value: string) => value.replace(/^\s+/, '');

const personName = (message: string) =>
  z.string().transform(stripLeadingSpace).pipe(z.string().min(1, message).max(NAME_MAX_LENGTH, message));

export const firstName = personName(peopleMessages.invalidFirstName);
export const lastName = personName(peopleMessages.invalidLastName);

/** Required, at most 40 characters, the spec's pattern; stored trimmed and lower-cased. */
export const email = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, peopleMessages.emailRequired)
      .max(EMAIL_MAX_LENGTH, peopleMessages.invalidEmail)
      .regex(EMAIL_PATTERN, peopleMessages.invalidEmail),
  )
  .transform((value) => value.toLowerCase());

/**
 * A phone number as the forms send it: the picker's calling code, a space, then the digits
 * ('+49 15112345678'); '' when there is none. `countryShortCode` is the picker's ISO code ('DE') or ''.
 */
export function splitPhoneNumber(phoneNumber: string): { code: string; digits: string } | null {
  const trimmed = phoneNumber.trim();
  if (trimmed === '') return { code: '', digits: '' };
  const match = /^(\+\d{1,4})?\s*(\d*)$/.exec(trimmed);
  if (!match) return null;
  return { code: match[1] ?? '', digits: match[2] ?? '' };
}

export const joinPhoneNumber = (code: string, digits: string) => (digits ? `${code} ${digits}`.trim() : code);

/**
 * Sign-up (spec 000 section 5): digits only, 7 to 15, may be omitted; a country code alone is accepted.
 * Portal user (spec 002 section 5): optional, 7 to 15 digits, but a number needs a code and a code a number.
 * Digits come first: the country message is given only when the country is all that is missing.
 */
export function phoneNumberProblem(phoneNumber: string, rule: 'signUp' | 'portalUser'): string | null {
  const parts = splitPhoneNumber(phoneNumber);
  if (!parts) return rule === 'signUp' ? peopleMessages.invalidMobile : peopleMessages.mobileRequired;
  const { code, digits } = parts;
  if (digits && !PHONE_PATTERN.test(digits))
    return rule === 'signUp' ? peopleMessages.invalidMobile : peopleMessages.mobileRequired;
  if (rule === 'portalUser' && digits && !code) return peopleMessages.countryRequired;
  if (rule === 'portalUser' && code && !digits) return peopleMessages.mobileRequired;
  return null;
}

export const countryShortCode = z
  .string()
  .regex(/^([A-Z]{2})?$/, 'Invalid country.')
  .max(2);

export const phoneNumberFor = (rule: 'signUp' | 'portalUser') =>
  z
    .string()
    .max(24)
    .superRefine((value, ctx) => {
      const problem = phoneNumberProblem(value, rule);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
