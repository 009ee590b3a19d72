import {
  type DisableTwoFactorBody,
  disableTwoFactorBody,
  twoFactorLiveMessage,
  type UserDetails,
} from '@portal/contract';
import { ApiError } from '../../lib/api-error.ts';

/** The dialog the 2FA switch opened: setting up (off -> on) or confirming the switch-off (on -> off). */
export type TwoFactorDialog = 'enable' | 'disable' | null;

/** The switch shows where the user is taking it while its dialog is open; cancelling puts it back. */
export const twoFactorSwitchChecked = (enabled: boolean, dialog: TwoFactorDialog) =>
  dialog === null ? enabled : dialog === 'enable';

/** The setup code was refused (400); other failures are 'Failed to Enable 2 Factor-Authentication'. */
export const isIncorrectCodeError = (error: unknown) => error instanceof ApiError && error.status === 400;

/** The user details with the 2FA status changed; the same object when nothing changes. */
export function withTwoFactorStatus(
  details: UserDetails | undefined,
  secureAuthentication: boolean,
): UserDetails | undefined {
  if (!details || details.user.secureAuthentication === secureAuthentication) return details;
  return { ...details, user: { ...details.user, secureAuthentication } };
}

/** A two-factor live message about the signed-in user changes the stored status; others change nothing. */
export function applyTwoFactorLiveMessage(
  details: UserDetails | undefined,
  message: unknown,
): UserDetails | undefined {
  const parsed = twoFactorLiveMessage.safeParse(message);
  if (!parsed.success || parsed.data.userId !== details?.user.id) return details;
  return withTwoFactorStatus(details, parsed.data.secureAuthentication);
}

/** How the signed-in user proves it is them when switching 2FA off: a current code or their password. */
export type ProofMethod = 'code' | 'password';

/** The body of DELETE /api/disableTwoFA/user for what was typed; null while it is not complete. */
export function proofFromInput(method: ProofMethod, input: string): DisableTwoFactorBody | null {
  const body = method === 'code' ? { code: input } : { password: input };
  return disableTwoFactorBody.safeParse(body).success ? body : null;
}

/**
 * The text shown in the dialog for a refused proof: a wrong code or password (400) and a pause after too
 * many tries (429) keep the dialog open with the server's message; anything else is a plain failure (null).
 */
export const proofErrorText = (error: unknown): string | null =>
  error instanceof ApiError && (error.status === 400 || error.status === 429) ? error.message : null;
