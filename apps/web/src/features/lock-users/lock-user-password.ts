import { type ResetPasswordBody, resetLinkMessages, resetPasswordBody } from '@portal/contract';
import { ApiError } from '../../lib/api-error.ts';

/** The link's code: the path segment after 'lock-user/reset-password/'. */
export function lockUserLinkCode(pathname: string): string {
  return /lock-user\/reset-password\/([^/]+)/.exec(pathname)?.[1] ?? '';
}

/** The button is enabled only when the server would take the body: the contract's rule and a match. */
export const canSetLockUserPassword = (values: ResetPasswordBody) =>
  resetPasswordBody.safeParse(values).success;

/**
 * The lock-user flow's words about its link (spec 000 section 8): 'Reset password link has expired' (410), 'Invalid
 * reset password link. Contact administrator to reset your password.' (401, 404); a throttled or other failure
 * keeps the server's text, or 'Error: Please try again'.
 */
export function lockUserResetErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 410) return resetLinkMessages.lockUserExpired;
    if (error.status === 401 || error.status === 404) return resetLinkMessages.lockUserInvalid;
    if (error.message.trim()) return error.message;
  }
  return 'Error: Please try again';
}
