import { type SignUpBody, signUpBody, signUpMessages } from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';

/** The sign-up form checks what the server checks: the contract's sign-up fields (spec 000 section 5). */
export const signUpFormSchema = signUpBody.pick({
  firstName: true,
  lastName: true,
  email: true,
  phoneNumber: true,
  countryShortCode: true,
});
export type SignUpFormValues = z.input<typeof signUpFormSchema>;
export type SignUpFormOutput = z.output<typeof signUpFormSchema>;

export const EMPTY_SIGN_UP_FORM: Required<SignUpFormValues> = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  countryShortCode: '',
};

/** Sign Up is enabled only when names, email and phone are valid. */
export const canSignUp = (values: SignUpFormValues) => signUpFormSchema.safeParse(values).success;

/**
 * POST /api/portalUserSignup body: names with their lengths (leading spaces already stripped), email lower-cased,
 * the general users' scope; the server decides the permissions.
 */
export function signUpRequest(values: SignUpFormOutput, scopeId: string): SignUpBody {
  return {
    firstName: values.firstName,
    firstNameTextLength: values.firstName.length,
    lastName: values.lastName,
    lastNameTextLength: values.lastName.length,
    email: values.email,
    scopeId,
    phoneNumber: values.phoneNumber,
    countryShortCode: values.countryShortCode,
  };
}

/** 409 -> 'This user already exists!'; any other failure -> 'Error occurred while signing up. Please try again.' */
export function signUpErrorText(error: unknown): string {
  return error instanceof ApiError && error.status === 409 ? signUpMessages.exists : signUpMessages.failed;
}
