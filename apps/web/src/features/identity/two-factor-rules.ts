import { twoFactorLiveMessage, type UserDetails } from '@portal/contract';
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
