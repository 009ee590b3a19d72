import { ThrottleService } from '../throttle/index.ts';

/**
 * Passwords and codes share one count per account (sign-in, change password, switching 2FA off); a
 * sign-in challenge has its own count of codes.
 */
const THROTTLE_KIND = 'login';
export const accountKey = (email: string) => ThrottleService.accountKey(THROTTLE_KIND, email);
export const challengeKeyOf = (keyHash: string) => `${THROTTLE_KIND}:challenge:${keyHash}`;
