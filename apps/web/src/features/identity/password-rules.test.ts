import { resetLinkMessages, resetPasswordBody } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/index.ts';

// The rules write their texts through the catalogue (English here).
beforeAll(() => initI18n('en', ['identity']));

import { ApiError } from '../../lib/api-error.ts';
import {
  activationCodeFromPath,
  canSubmitPassword,
  changePasswordFailureText,
  changePasswordFormSchema,
  passwordLinkPage,
  resetPasswordErrorText,
} from './password-rules.ts';

const changeIssues = (values: { oldPassword: string; newPassword: string; confirmPassword: string }) => {
  const result = changePasswordFormSchema.safeParse(values);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('change-password form', () => {
  it('takes a new password of at least 5 characters with a letter and a digit, confirmed', () => {
    expect(changeIssues({ oldPassword: 'old1', newPassword: 'abc12', confirmPassword: 'abc12' })).toEqual([]);
    expect(changeIssues({ oldPassword: 'old1', newPassword: 'abc1', confirmPassword: 'abc1' })).toEqual([
      'newPassword: Password must have at least 5 characters, a letter and a digit; special characters allowed: @, # and !',
    ]);
  });

  it('requires the old password', () => {
    expect(changeIssues({ oldPassword: '', newPassword: 'abc12', confirmPassword: 'abc12' })[0]).toBe(
      'oldPassword: Old Password is required.',
    );
  });

  it('refuses a confirmation that differs', () => {
    expect(changeIssues({ oldPassword: 'old1', newPassword: 'abc12', confirmPassword: 'abc13' })).toEqual([
      'confirmPassword: Passwords do not match.',
    ]);
  });

  it('refuses a new password equal to the old one', () => {
    expect(changeIssues({ oldPassword: 'abc12', newPassword: 'abc12', confirmPassword: 'abc12' })).toEqual([
      'newPassword: old password and new password cannot be same',
    ]);
  });
});

describe('change-password failure text', () => {
  it("carries the server's text", () => {
    expect(
      changePasswordFailureText(new ApiError(400, 'VALIDATION_ERROR', 'Old Password is incorrect.')),
    ).toBe('Failed to update new password. error:Old Password is incorrect.');
  });

  it('says it failed when there is no server text', () => {
    expect(changePasswordFailureText(new ApiError(500, 'INTERNAL', ''))).toBe('Failed to change password');
    expect(changePasswordFailureText(new Error('internal detail'))).toBe('Failed to change password');
  });
});

describe('reset-password link', () => {
  it('takes the code after reset-password/', () => {
    expect(activationCodeFromPath('/reset-password/abc_DEF-123')).toBe('abc_DEF-123');
    expect(activationCodeFromPath('/portal-user/reset-password/xyz')).toBe('xyz');
    expect(activationCodeFromPath('/reset-password/')).toBe('');
  });

  it("shows the server's words for a used, missing or expired link, else 'Error: Please try again'", () => {
    for (const [status, text] of [
      [401, resetLinkMessages.unauthorized],
      [404, resetLinkMessages.invalid],
      [410, resetLinkMessages.expired],
    ] as const) {
      expect(resetPasswordErrorText(new ApiError(status, 'UNAUTHORIZED', text))).toBe(text);
    }
    expect(resetPasswordErrorText(new ApiError(500, 'INTERNAL', 'boom'))).toBe('Error: Please try again');
  });

  it('needs the same password twice, by the same rule', () => {
    const body = (password: string, confirm: string) =>
      resetPasswordBody.safeParse({ password, confirm_password: confirm, activationCode: 'code' }).success;
    expect(body('abc12', 'abc12')).toBe(true);
    expect(body('abc12', 'abc21')).toBe(false);
    expect(body('abcde', 'abcde')).toBe(false);
  });
});

describe('the page of an e-mailed password link', () => {
  it("names a new user's first password apart from a reset", () => {
    expect(passwordLinkPage('/portal-user/reset-password/xyz')).toBe('firstPassword');
    expect(passwordLinkPage('/reset-password/abc')).toBe('reset');
    expect(i18n.t('identity:passwordLink.firstPassword.title')).toBe('Set Your Password');
    expect(i18n.t('identity:passwordLink.reset.submit')).toBe('Reset Password');
  });

  it('enables the button only when the server would take both fields, at the bounds of the rule', () => {
    const can = (password: string, confirm = password, activationCode = 'code') =>
      canSubmitPassword({ password, confirm_password: confirm, activationCode });
    expect(can('')).toBe(false);
    expect(can('abc1')).toBe(false); // 4 characters
    expect(can('abc12')).toBe(true); // 5 characters
    expect(can('abcde')).toBe(false); // no digit
    expect(can('12345')).toBe(false); // no letter
    expect(can('ab@&#!1')).toBe(true); // the allowed special characters
    expect(can('abc1$')).toBe(false); // another one
    expect(can(`a${'1'.repeat(127)}`)).toBe(true); // 128 characters
    expect(can(`a${'1'.repeat(128)}`)).toBe(false); // 129
    expect(can('abc12', 'abc13')).toBe(false); // confirmation differs
    expect(can('abc12', 'abc12', '')).toBe(false); // no code in the link
  });
});
