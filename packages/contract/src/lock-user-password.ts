import { z } from 'zod';
import { resetPasswordBody } from './auth.ts';

/**
 * A lock user's app password (spec 002 section 7; docs/locks.md 'Lock-user password links'). The portal mails
 * a single-use link; the lock user opens it (no portal session) and sets the password there.
 */

/** The web page a lock user's link opens (HashRouter route; spec 000: paths containing reset-password/). */
export const LOCK_USER_LINK_PAGE = 'lock-user/reset-password';

/** POST /api/resend-activation-link/emailId/{email}?scopeId=: the lock user(s) with this e-mail in reach. */
export const resendActivationLinkParams = z.object({ email: z.string().min(1).max(100) });
export const resendActivationLinkQuery = z.object({ scopeId: z.string().min(1).max(100).optional() });
export const LOCK_USER_LINK_KINDS = ['activation', 'reset'] as const;
export type LockUserLinkKind = (typeof LOCK_USER_LINK_KINDS)[number];
export const lockUserLinkSent = z.object({
  message: z.string(),
  /** 'activation' while the user has no password yet, 'reset' once it has one. */
  kind: z.enum(LOCK_USER_LINK_KINDS),
  /** How many lock users (one per customer holding the address) were mailed. */
  sent: z.number().int(),
});
export type LockUserLinkSent = z.infer<typeof lockUserLinkSent>;

/** POST /api/lock-user/resetPassword (public): the same body and password rule as the portal's reset. */
export const lockUserResetPasswordBody = resetPasswordBody;

export const lockUserPasswordMessages = {
  activationSent: (email: string) => `Activation link sent to ${email}.`,
  resetSent: (email: string) => `Reset password link sent to ${email}.`,
  sendFailed: 'Failed to send the link.',
  passwordSet: 'Your password has been set. Sign in to the lock app with it.',
  pageTitle: 'Set Your Lock App Password',
  pageIntro: 'Choose the password you will use in the lock app.',
} as const;
