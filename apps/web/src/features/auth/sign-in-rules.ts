import { authMessages, loginBody } from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { signInMessages } from './messages.ts';

/** The sign-in form checks what the server checks: the contract's login body, without the fingerprint. */
export const signInFormSchema = loginBody.pick({ email: true, password: true });
export type SignInFormValues = z.infer<typeof signInFormSchema>;

export const EMAIL_MAX_LENGTH = 40;

/** Error map for the sign-in form: the spec's wording for each rule of the contract schema. */
export function signInIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = issue.path?.[0];
  if (field === 'email') {
    if (issue.code === 'too_big') return signInMessages.emailTooLong;
    return signInMessages.emailRequired;
  }
  if (field === 'password') {
    if (issue.code === 'too_big') return signInMessages.passwordTooLong;
    return signInMessages.passwordRequired;
  }
  return undefined;
}

/**
 * What the sign-in form shows for a failed attempt: 'Invalid Username or Password' for a refused sign-in;
 * the server's own words when it could not answer (unreachable, overloaded, rate-limited).
 */
export function signInErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)) {
    return error.message;
  }
  return authMessages.invalidCredentials;
}

/** The authenticator code of spec 000 section 5: exactly 6 digits. */
export const AUTHENTICATOR_CODE_LENGTH = 6;
