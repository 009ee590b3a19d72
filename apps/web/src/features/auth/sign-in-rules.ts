import { authMessages, loginBody, type TrustPeriod, twoFactorMessages } from '@portal/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { forgotPasswordFailed } from './messages.ts';

/** The sign-in form checks what the server checks: the contract's login body, without the fingerprint. */
export const signInFormSchema = loginBody.pick({ email: true, password: true });
export type SignInFormValues = z.infer<typeof signInFormSchema>;

/**
 * Error map for the sign-in form: the spec's wording for each rule of the contract schema ('Email is required.',
 * spec 000 section 5, kept in the contract), ours for the others, in the language shown.
 */
export function signInIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = issue.path?.[0];
  if (field === 'email') {
    if (issue.code === 'too_big') return i18n.t('auth:signIn.emailTooLong');
    return authMessages.emailRequired;
  }
  if (field === 'password') {
    if (issue.code === 'too_big') return i18n.t('auth:signIn.passwordTooLong');
    return i18n.t('auth:signIn.passwordRequired');
  }
  return undefined;
}

/** The server could not answer the attempt (unreachable, overloaded, rate-limited): its own words say so. */
const unanswered = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);

/** What the sign-in form shows for a failed attempt: 'Invalid Username or Password' for a refused sign-in. */
export function signInErrorText(error: unknown): string {
  return unanswered(error) ? error.message : authMessages.invalidCredentials;
}

/** What the authenticator-code step shows for a failed attempt: 'You have entered an Incorrect code.' */
export function authenticatorCodeErrorText(error: unknown): string {
  return unanswered(error) ? error.message : twoFactorMessages.incorrectCode;
}

/** What the forgot-password form shows for a failed request: 'Error: Please try again', or the pause to wait. */
export function forgotPasswordErrorText(error: unknown): string {
  return error instanceof ApiError && error.status === 429 ? error.message : forgotPasswordFailed;
}

/** Spec 000 section 4: 'Trust this device' trusts it for 30 days after the code step, otherwise 1 day. */
export const trustPeriodFor = (trustDevice: boolean): TrustPeriod => (trustDevice ? '30D' : '1D');
