import { resetLinkMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { canSetLockUserPassword, lockUserLinkCode, lockUserResetErrorText } from './lock-user-password.ts';

describe('lock-user password page', () => {
  it("reads the link's code from the path", () => {
    expect(lockUserLinkCode('/lock-user/reset-password/abc_-1')).toBe('abc_-1');
    expect(lockUserLinkCode('/lock-user/reset-password/')).toBe('');
  });

  it('enables the button only for a password the server takes, confirmed', () => {
    const body = (password: string, confirm = password) => ({
      activationCode: 'x',
      password,
      confirm_password: confirm,
    });
    expect(canSetLockUserPassword(body('ab1cd'))).toBe(true);
    expect(canSetLockUserPassword(body('ab1c'))).toBe(false);
    expect(canSetLockUserPassword(body('ab1cd', 'ab1ce'))).toBe(false);
  });

  it("answers with the lock-user flow's texts", () => {
    expect(lockUserResetErrorText(new ApiError(410, 'GONE', 'x'))).toBe(resetLinkMessages.lockUserExpired);
    expect(lockUserResetErrorText(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(
      resetLinkMessages.lockUserInvalid,
    );
    expect(lockUserResetErrorText(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(
      resetLinkMessages.lockUserInvalid,
    );
    expect(lockUserResetErrorText(new Error('boom'))).toBe('Error: Please try again');
  });
});
