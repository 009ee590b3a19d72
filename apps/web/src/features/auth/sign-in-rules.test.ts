import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';

// The rules write their texts through the catalogue (English here).
beforeAll(() => initI18n('en', ['auth']));

import { ApiError } from '../../lib/api-error.ts';
import {
  authenticatorCodeErrorText,
  forgotPasswordErrorText,
  signInErrorText,
  signInFormSchema,
  signInIssueMessage,
  trustPeriodFor,
} from './sign-in-rules.ts';

const messagesFor = (values: { email: string; password: string }) => {
  const result = signInFormSchema.safeParse(values, { error: signInIssueMessage });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('sign-in form rules', () => {
  it("requires the email with the spec's text", () => {
    expect(messagesFor({ email: '', password: 'secret' })).toEqual(['email: Email is required.']);
  });

  it('accepts an email of 40 characters and refuses 41', () => {
    const local = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(messagesFor({ email: local(40), password: 'secret' })).toEqual([]);
    expect(messagesFor({ email: local(41), password: 'secret' })).toEqual([
      'email: Email must be at most 40 characters.',
    ]);
  });

  it('requires the password', () => {
    expect(messagesFor({ email: 'a@b.co', password: '' })).toEqual(['password: Password is required.']);
  });
});

describe('sign-in failure text', () => {
  it("shows 'Invalid Username or Password' for a refused sign-in", () => {
    expect(signInErrorText(new ApiError(401, 'UNAUTHORIZED', 'whatever'))).toBe(
      'Invalid Username or Password',
    );
    expect(signInErrorText(new ApiError(400, 'VALIDATION_ERROR', 'bad'))).toBe(
      'Invalid Username or Password',
    );
    expect(signInErrorText(new Error('odd'))).toBe('Invalid Username or Password');
  });

  it("shows the server's words when it could not answer the attempt", () => {
    expect(signInErrorText(new ApiError(429, 'RATE_LIMITED', 'Too many attempts'))).toBe('Too many attempts');
    expect(signInErrorText(new ApiError(0, 'UNAVAILABLE', 'unreachable'))).toBe('unreachable');
  });
});

describe('authenticator-code step', () => {
  it("shows 'You have entered an Incorrect code.' for a refused code", () => {
    expect(
      authenticatorCodeErrorText(new ApiError(401, 'UNAUTHORIZED', 'You have entered an Incorrect code.')),
    ).toBe('You have entered an Incorrect code.');
    expect(authenticatorCodeErrorText(new ApiError(400, 'VALIDATION_ERROR', 'bad'))).toBe(
      'You have entered an Incorrect code.',
    );
  });

  it("shows the server's words when it could not answer the attempt", () => {
    expect(authenticatorCodeErrorText(new ApiError(429, 'RATE_LIMITED', 'Too many attempts'))).toBe(
      'Too many attempts',
    );
  });

  it("trusts the device for 30 days with 'Trust this device', otherwise 1 day", () => {
    expect(trustPeriodFor(true)).toBe('30D');
    expect(trustPeriodFor(false)).toBe('1D');
  });
});

describe('forgot-password failure text', () => {
  it("shows 'Error: Please try again', or the server's words when the requests are paused", () => {
    expect(forgotPasswordErrorText(new ApiError(500, 'INTERNAL', 'x'))).toBe('Error: Please try again');
    expect(forgotPasswordErrorText(new Error('x'))).toBe('Error: Please try again');
    expect(forgotPasswordErrorText(new ApiError(429, 'RATE_LIMITED', 'Too many attempts'))).toBe(
      'Too many attempts',
    );
  });
});
