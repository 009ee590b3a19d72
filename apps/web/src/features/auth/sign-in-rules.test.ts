import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { signInErrorText, signInFormSchema, signInIssueMessage } from './sign-in-rules.ts';

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
