import type { MailMessage } from '../mail/index.ts';

export const PORTAL_NAME = 'IoT Portal';

/** '1 hour', '7 days': how long a link stays good, in the largest whole unit. */
export function describeDuration(ms: number): string {
  const days = ms / (24 * 3600_000);
  if (Number.isInteger(days)) return days === 1 ? '1 day' : `${days} days`;
  const hours = Math.round(ms / 3600_000);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export function resetPasswordMail(
  user: { email: string; firstName: string },
  link: string,
  ttlMs: number,
): MailMessage {
  return {
    to: user.email,
    subject: `Reset your ${PORTAL_NAME} password`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Someone asked to reset the password of your ${PORTAL_NAME} account (${user.email}).`,
      'To choose a new password, open this link:',
      '',
      link,
      '',
      `The link is good for ${describeDuration(ttlMs)} and works once.`,
      'If you did not ask for it, ignore this mail: your password stays as it is.',
      '',
      PORTAL_NAME,
    ].join('\n'),
  };
}

export function activationMail(
  user: { email: string; firstName: string },
  link: string,
  ttlMs: number,
): MailMessage {
  return {
    to: user.email,
    subject: `Set your ${PORTAL_NAME} password`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `An ${PORTAL_NAME} account has been created for ${user.email}.`,
      'To choose your password, open this link:',
      '',
      link,
      '',
      `The link is good for ${describeDuration(ttlMs)} and works once.`,
      '',
      PORTAL_NAME,
    ].join('\n'),
  };
}
