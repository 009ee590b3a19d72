import type { UserDetails } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  applyTwoFactorLiveMessage,
  isIncorrectCodeError,
  proofErrorText,
  proofFromInput,
  twoFactorSwitchChecked,
  withTwoFactorStatus,
} from './two-factor-rules.ts';

const details: UserDetails = {
  user: {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    scopeId: 't1',
    secureAuthentication: false,
    socialLogin: false,
    owner: false,
  },
  isRootUser: false,
  vendorStaff: false,
  permissions: [],
  tenant: {
    id: 't1',
    name: 'Acme',
    kind: 'customer',
    primaryThemeColor: '',
    secondaryThemeColor: '',
    logoUrl: null,
  },
};

describe('2FA switch', () => {
  it('follows the status while no dialog is open', () => {
    expect(twoFactorSwitchChecked(false, null)).toBe(false);
    expect(twoFactorSwitchChecked(true, null)).toBe(true);
  });

  it('shows the way it is being switched while its dialog is open', () => {
    expect(twoFactorSwitchChecked(false, 'enable')).toBe(true);
    expect(twoFactorSwitchChecked(true, 'disable')).toBe(false);
  });
});

describe('setup code failure', () => {
  it('is an incorrect code for a 400, not for other failures', () => {
    expect(
      isIncorrectCodeError(new ApiError(400, 'VALIDATION_ERROR', 'You have entered an Incorrect code.')),
    ).toBe(true);
    expect(isIncorrectCodeError(new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
    expect(isIncorrectCodeError(new Error('x'))).toBe(false);
  });
});

describe('stored 2FA status', () => {
  it('changes only when it differs', () => {
    expect(withTwoFactorStatus(details, true)?.user.secureAuthentication).toBe(true);
    expect(withTwoFactorStatus(details, false)).toBe(details);
    expect(withTwoFactorStatus(undefined, true)).toBeUndefined();
  });

  it('follows a live message about the signed-in user, not about others or malformed ones', () => {
    const message = { userId: 'u1', email: 'ada@example.com', secureAuthentication: true };
    expect(applyTwoFactorLiveMessage(details, message)?.user.secureAuthentication).toBe(true);
    expect(applyTwoFactorLiveMessage(details, { ...message, userId: 'u2' })).toBe(details);
    expect(applyTwoFactorLiveMessage(details, { userId: 'u1' })).toBe(details);
    expect(applyTwoFactorLiveMessage(undefined, message)).toBeUndefined();
  });
});

describe('the proof that switches 2FA off', () => {
  it('is a code of exactly 6 digits, or a password of 1 to 200 characters', () => {
    expect(proofFromInput('code', '12345')).toBeNull();
    expect(proofFromInput('code', '123456')).toEqual({ code: '123456' });
    expect(proofFromInput('code', '1234567')).toBeNull();
    expect(proofFromInput('password', '')).toBeNull();
    expect(proofFromInput('password', 'x')).toEqual({ password: 'x' });
    expect(proofFromInput('password', 'x'.repeat(200))).toEqual({ password: 'x'.repeat(200) });
    expect(proofFromInput('password', 'x'.repeat(201))).toBeNull();
  });

  it("shows the server's text for a wrong proof (400) and too many tries (429), nothing for other failures", () => {
    expect(proofErrorText(new ApiError(400, 'VALIDATION_ERROR', 'Your password is incorrect.'))).toBe(
      'Your password is incorrect.',
    );
    expect(proofErrorText(new ApiError(429, 'RATE_LIMITED', 'Too many attempts.'))).toBe(
      'Too many attempts.',
    );
    expect(proofErrorText(new ApiError(500, 'INTERNAL', 'boom'))).toBeNull();
    expect(proofErrorText(new Error('x'))).toBeNull();
    expect(proofErrorText(null)).toBeNull();
  });
});
