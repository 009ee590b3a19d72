import {
  changePasswordBody,
  passwordMessages,
  type ResetPasswordBody,
  resetLinkMessages,
  resetPasswordBody,
} from '@portal/contract';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { i18n, messageText } from '../../lib/i18n/index.ts';
import { resetFailed } from './messages.ts';

/** The change-password form: the contract's body plus the confirmation (spec 000 section 5). */
export const changePasswordFormSchema = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: resetLinkMessages.passwordsDiffer,
    path: ['confirmPassword'],
  })
  .refine((values) => values.newPassword !== values.oldPassword, {
    message: passwordMessages.sameAsOld,
    path: ['newPassword'],
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/**
 * 'Failed to update new password. error:{server text}', or 'Failed to change password' without one (spec 000
 * section 8), in the language shown, the server's text too.
 */
export function changePasswordFailureText(error: unknown): string {
  const serverText = error instanceof ApiError ? error.message.trim() : '';
  return serverText
    ? i18n.t('identity:changePassword.failedWith', { serverText: messageText(serverText) })
    : i18n.t('identity:changePassword.failed');
}

/** Answers whose message is about the link itself: used (401), unknown (404), expired (410). */
const RESET_LINK_STATUSES = [401, 404, 410];

/** The link's code: the path segment after 'reset-password/' (also 'portal-user/reset-password/{code}'). */
export function activationCodeFromPath(pathname: string): string {
  return /reset-password\/([^/]+)/.exec(pathname)?.[1] ?? '';
}

/** 401, 410, 404: the server's words about the link (spec 000 section 8); anything else: 'Error: Please try again'. */
export function resetPasswordErrorText(error: unknown): string {
  return error instanceof ApiError && RESET_LINK_STATUSES.includes(error.status)
    ? error.message
    : resetFailed;
}

/**
 * The page an e-mailed link opens: a first password (new or signed-up user) or a reset of a forgotten one; its
 * title, intro and button are `passwordLink.{page}.*` in the 'identity' catalogue ('Set Your Password' matches
 * the document title, app/page-title.ts). 'portal-user/reset-password/{code}' is the activation link of a new
 * user; any other is a reset link.
 */
export function passwordLinkPage(pathname: string): 'firstPassword' | 'reset' {
  return pathname.includes('portal-user/reset-password/') ? 'firstPassword' : 'reset';
}

/** The button is enabled only when the server would take the body: the contract's rule and a match. */
export const canSubmitPassword = (values: ResetPasswordBody) => resetPasswordBody.safeParse(values).success;
