import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/index.ts';

// The rules write their texts through the catalogue (English here).
beforeAll(() => initI18n('en', ['auth']));

import { ApiError } from '../../lib/api-error.ts';
import { memoryStorage } from '../../lib/storage.ts';
import {
  rememberSocialMode,
  socialButtonLabel,
  socialFailureText,
  socialLanding,
  takeSocialMode,
} from './use-social-callback.ts';

describe('social sign-in', () => {
  it('names the provider on the buttons', () => {
    expect(socialButtonLabel('signIn', 'Google')).toBe('Sign in with Google');
    expect(socialButtonLabel('signUp', 'Acme ID')).toBe('Sign up with Acme ID');
  });

  it('remembers the mode across the trip to the provider, once', () => {
    const storage = memoryStorage();
    rememberSocialMode('signUp', storage);
    expect(takeSocialMode(storage)).toBe('signUp');
    expect(takeSocialMode(storage)).toBe('signIn');
    rememberSocialMode('signIn', storage);
    expect(takeSocialMode(storage)).toBe('signIn');
  });

  it('reads the code and state the callback put on the login route', () => {
    expect(socialLanding(new URLSearchParams('socialCode=a%2Bb&state=s1'))).toEqual({
      kind: 'code',
      socialReturn: { code: 'a+b', state: 's1' },
    });
    expect(socialLanding(new URLSearchParams('socialError=1'))).toEqual({ kind: 'error' });
    expect(socialLanding(new URLSearchParams('socialCode=a'))).toBeNull();
    expect(socialLanding(new URLSearchParams('state=s1'))).toBeNull();
    expect(socialLanding(new URLSearchParams('mode=sign-up'))).toBeNull();
  });

  it("shows the spec's texts for a failed sign-in", () => {
    const notFound = new ApiError(404, 'NOT_FOUND', 'User not Found. Please SignUp.');
    expect(socialFailureText('signIn', notFound)).toBe('User not Found. Please SignUp.');
    expect(socialFailureText('signIn', new ApiError(400, 'VALIDATION_ERROR', 'x'))).toBe(
      'Error occurred while signing in. Please try again.',
    );
    expect(socialFailureText('signIn', null)).toBe('Error occurred while signing in. Please try again.');
  });

  it("shows the spec's texts for a failed sign-up", () => {
    expect(socialFailureText('signUp', new ApiError(409, 'CONFLICT', 'x'))).toBe('This user already exists!');
    expect(socialFailureText('signUp', new ApiError(404, 'NOT_FOUND', 'x'))).toBe(
      'Error occurred while signing up. Please try again.',
    );
    expect(socialFailureText('signUp', new ApiError(0, 'UNAVAILABLE', 'x'))).toBe(
      'Error occurred while signing up. Please try again.',
    );
  });
});
